import type { ComponentType } from 'react';
import type { TIconProps } from './icons';

/** One tile: its icon, title and sentence. */
export type TReason = { icon: ComponentType<TIconProps>; title: string; text: string };

/** Tiles of reasons or values, each an icon, a short title and a sentence. */
export function ReasonGrid({ reasons, className }: { reasons: readonly TReason[]; className?: string }) {
  return (
    <ul className={className ? `reason-grid ${className}` : 'reason-grid'}>
      {reasons.map((reason) => (
        <li key={reason.title} className="reason">
          <span className="reason__icon">
            <reason.icon size={24} />
          </span>
          <h3>{reason.title}</h3>
          <p>{reason.text}</p>
        </li>
      ))}
    </ul>
  );
}
