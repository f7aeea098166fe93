import type { ReactNode, SVGProps } from 'react';

export type TIconProps = SVGProps<SVGSVGElement> & { size?: number };

/** A decorative 24x24 stroke icon; hidden from assistive technology, the surrounding text carries the meaning. */
function StrokeIcon({ size = 24, children, ...rest }: TIconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function WrenchIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L3.6 17.1a1.9 1.9 0 0 0 2.7 2.7L12 14.1a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.1-.6-.6-2.1z" />
    </StrokeIcon>
  );
}

export function FullServiceIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="m8.5 10 1.5 1.5 3-3" />
      <path d="m8.5 16 1.5 1.5 3-3" />
      <path d="M15 10.5h1.5M15 16.5h1.5" />
    </StrokeIcon>
  );
}

export function OilIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 10h3l2-2h5l1.5 2H18l3-2-4 7.5a1 1 0 0 1-.9.5H5a2 2 0 0 1-2-2z" />
      <path d="M8 8V6h3" />
      <path d="M20.5 14.5c0 1-.6 1.8-1.3 1.8s-1.2-.8-1.2-1.8 1.2-2.6 1.2-2.6 1.3 1.6 1.3 2.6z" />
    </StrokeIcon>
  );
}

export function BrakeIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="7.5" />
      <circle cx="12" cy="12" r="2.2" />
      <path d="M4.2 6.5A9.8 9.8 0 0 0 3 16M19.8 6.5A9.8 9.8 0 0 1 21 16" />
    </StrokeIcon>
  );
}

export function WarningIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4.5M12 17h.01" />
    </StrokeIcon>
  );
}

export function UploadIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </StrokeIcon>
  );
}

export function LockIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </StrokeIcon>
  );
}

export function ShieldCheckIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6z" />
      <path d="m8.8 12 2.2 2.2 4.3-4.4" />
    </StrokeIcon>
  );
}

export function CheckIcon(props: TIconProps) {
  return (
    <StrokeIcon strokeWidth={2.4} {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export function CrossIcon(props: TIconProps) {
  return (
    <StrokeIcon strokeWidth={2.4} {...props}>
      <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
    </StrokeIcon>
  );
}

export function MenuIcon(props: TIconProps) {
  return (
    <StrokeIcon strokeWidth={2.2} {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </StrokeIcon>
  );
}

export function CalendarIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </StrokeIcon>
  );
}

export function GaugeIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4.5 18a8.5 8.5 0 1 1 15 0" />
      <path d="m12 14 4-5" />
      <circle cx="12" cy="14" r="1.3" />
    </StrokeIcon>
  );
}

export function GarageIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 20V9l9-5 9 5v11" />
      <path d="M7 20v-7h10v7M7 16h10" />
    </StrokeIcon>
  );
}

export function PersonIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="8" r="3.8" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </StrokeIcon>
  );
}

export function MapPinIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </StrokeIcon>
  );
}

export function NoteIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 4h10l4 4v12H5z" />
      <path d="M14.5 4v4.5H19M8.5 12.5h7M8.5 16h5" />
    </StrokeIcon>
  );
}

export function SearchIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5.5 5.5" />
    </StrokeIcon>
  );
}

export function ArrowLeftIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon(props: TIconProps) {
  return (
    <StrokeIcon strokeWidth={2.2} {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

export function ClockIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </StrokeIcon>
  );
}

export function StarIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </StrokeIcon>
  );
}

export function MailIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </StrokeIcon>
  );
}

export function CardIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </StrokeIcon>
  );
}

export function ArrowRightIcon(props: TIconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </StrokeIcon>
  );
}
