import type { ComponentType, ReactNode } from 'react';
import type { TIconProps } from './icons';

/** One fact: its icon, its term and its detail. */
export type TFact = { icon: ComponentType<TIconProps>; term: string; detail: ReactNode };

/** Short facts, each an icon and a term over its detail (support hours, response time). */
export function FactList({ facts }: { facts: readonly TFact[] }) {
  return (
    <dl className="support-contact__facts">
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt>
            <fact.icon size={20} /> {fact.term}
          </dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
