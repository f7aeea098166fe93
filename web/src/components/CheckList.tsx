import { CheckIcon } from './icons';

/** A list of what is included or promised, each item ticked. */
export function CheckList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <ul className="check-list" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
