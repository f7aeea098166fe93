import type { ReactNode } from 'react';

/**
 * An information page: the dark title band at its top, then its body in a column as wide as the band's text: a
 * narrow one, or the full container with `isWide`. The body's class is `bodyClassName` (content-body by default).
 */
export function HeroPage({
  eyebrow,
  title,
  lead,
  isWide = false,
  isCompact = false,
  heroContent,
  bodyClassName = 'content-body',
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Line the text up with a full-width page body instead of a narrow column. */
  isWide?: boolean;
  /** Extra room at the bottom of the band for a card that overlaps it. */
  isCompact?: boolean;
  /** More in the band, under the lead (a document's date). */
  heroContent?: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const column = isWide ? 'container' : 'container narrow';
  return (
    <>
      <section className={`page-hero${isCompact ? ' page-hero--compact' : ''}`} aria-labelledby="page-title">
        <div className={column}>
          {eyebrow ? <p className="eyebrow eyebrow--on-dark">{eyebrow}</p> : null}
          <h1 id="page-title">{title}</h1>
          {lead ? <p className="page-hero__lead">{lead}</p> : null}
          {heroContent}
        </div>
      </section>
      <div className={`${column} ${bodyClassName}`}>{children}</div>
    </>
  );
}
