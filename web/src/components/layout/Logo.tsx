import { BRAND } from '../../brand';

/** The product's mark and word mark. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const [first, second] = splitWordMark(BRAND.name);
  return (
    <span className={`logo logo--${tone}`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0b1f3a" />
        <path d="M16 5.5l8.5 3.6v5.7c0 5.6-3.6 9.6-8.5 11.7-4.9-2.1-8.5-6.1-8.5-11.7V9.1z" fill="#ffd500" />
        <path
          d="M11.8 15.8l3 3 5.6-6.1"
          fill="none"
          stroke="#0b1f3a"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__word">
        {first}
        <strong>{second}</strong>
      </span>
    </span>
  );
}

/** Splits a camel-cased name into its two tones ("Service" + "Stamp"). */
function splitWordMark(name: string): [string, string] {
  const match = /^(.[^A-Z]*)(.*)$/.exec(name);
  return match ? [match[1] ?? name, match[2] ?? ''] : [name, ''];
}
