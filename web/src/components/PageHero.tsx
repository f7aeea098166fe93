import type { ReactNode } from 'react';

/** The dark title band at the top of an information page. */
export function PageHero({
  eyebrow,
  title,
  lead,
  isWide = false,
  isCompact = false,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** Line the text up with a full-width page body instead of a narrow column. */
  isWide?: boolean;
  /** Extra room at the bottom for a card that overlaps the band. */
  isCompact?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={`page-hero${isCompact ? ' page-hero--compact' : ''}`} aria-labelledby="page-title">
      <div className={isWide ? 'container' : 'container narrow'}>
        {eyebrow ? <p className="eyebrow eyebrow--on-dark">{eyebrow}</p> : null}
        <h1 id="page-title">{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
