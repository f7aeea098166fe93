import type { ReactNode } from 'react';

/** A section of a marketing page: a small eyebrow over its heading (and a lead line), then its content. */
export function PageSection({
  id,
  eyebrow,
  title,
  lead,
  isTinted = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  isTinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={isTinted ? 'section section--tinted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={id}>{title}</h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
