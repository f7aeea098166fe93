import type { ReactNode } from 'react';

/** One line of a word mark, drawn in the text colour. */
type TWordLine = {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: number;
  spacing?: number;
  isItalic?: boolean;
};

type TPartner = { name: string; mark: ReactNode; lines: readonly TWordLine[] };

const PARTNERS: readonly TPartner[] = [
  {
    name: 'Northway Motors',
    mark: (
      <>
        <path d="M8 38 24 10l16 28z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M17 38l7-12 7 12" fill="currentColor" />
      </>
    ),
    lines: [
      { text: 'NORTHWAY', x: 50, y: 25, size: 17, weight: 800, spacing: 1.5 },
      { text: 'MOTORS', x: 51, y: 40, size: 10, weight: 600, spacing: 4.2 },
    ],
  },
  {
    name: 'Kestrel Auto Parts',
    mark: (
      <path
        d="M6 28c10-14 24-18 38-14-8 1-14 5-17 10 6-3 12-3 17 0-11 0-20 6-25 14 0-5 1-8 3-11-6 0-11 1-16 1z"
        fill="currentColor"
      />
    ),
    lines: [
      { text: 'Kestrel', x: 54, y: 27, size: 19, weight: 700, isItalic: true },
      { text: 'AUTO PARTS', x: 55, y: 41, size: 9.5, weight: 600, spacing: 2.6 },
    ],
  },
  {
    name: 'Apex Tyre Co.',
    mark: (
      <>
        <circle cx="24" cy="24" r="16" fill="none" stroke="currentColor" strokeWidth="5" strokeDasharray="4 2.3" />
        <circle cx="24" cy="24" r="7" fill="currentColor" />
        <text x="50" y="31" fill="currentColor">
          <tspan fontSize="22" fontWeight="900" letterSpacing="0.5">
            APEX
          </tspan>
          <tspan dx="6" fontSize="13" fontWeight="500">
            Tyre Co.
          </tspan>
        </text>
      </>
    ),
    lines: [],
  },
  {
    name: 'Meridian Motor Group',
    mark: (
      <>
        <rect x="6" y="8" width="32" height="32" rx="8" fill="currentColor" />
        <path d="M13 32V17l9 9 9-9v15" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      </>
    ),
    lines: [
      { text: 'Meridian', x: 48, y: 24, size: 16, weight: 700 },
      { text: 'Motor Group', x: 48, y: 39, size: 11, weight: 500, spacing: 1 },
    ],
  },
  {
    name: 'Brightline Fleet Services',
    mark: (
      <path d="M6 34h34M10 27h30M14 20h26M18 13h22" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
    ),
    lines: [
      { text: 'brightline', x: 50, y: 26, size: 18, weight: 800 },
      { text: 'FLEET SERVICES', x: 50, y: 40, size: 9.5, weight: 600, spacing: 2.4 },
    ],
  },
  {
    name: 'Thistle Garage Network',
    mark: (
      <>
        <path d="M24 30v12M18 22c0-6 3-10 6-14 3 4 6 8 6 14a6 6 0 0 1-12 0z" fill="currentColor" />
        <path d="M14 14l4 5M34 14l-4 5M24 4v4" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </>
    ),
    lines: [
      { text: 'Thistle', x: 46, y: 25, size: 17, weight: 700, spacing: 0.4 },
      { text: 'GARAGE NETWORK', x: 47, y: 39, size: 9.5, weight: 600, spacing: 2.2 },
    ],
  },
];

/**
 * Word marks of the (fictional) partner brands, drawn inline so the page loads no third-party images.
 * Each is a small SVG with its name as the accessible label.
 */
export function PartnerLogos() {
  return (
    <ul className="partner-logos" aria-label="Our partners">
      {PARTNERS.map((partner) => (
        <li key={partner.name}>
          <svg viewBox="0 0 190 48" role="img" aria-label={partner.name}>
            {partner.mark}
            {partner.lines.map((line) => (
              <text
                key={line.text}
                x={line.x}
                y={line.y}
                fontSize={line.size}
                fontStyle={line.isItalic ? 'italic' : undefined}
                fontWeight={line.weight}
                letterSpacing={line.spacing}
                fill="currentColor"
              >
                {line.text}
              </text>
            ))}
          </svg>
        </li>
      ))}
    </ul>
  );
}
