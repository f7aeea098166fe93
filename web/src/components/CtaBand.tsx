import type { ReactNode } from 'react';

/** The closing band of a marketing page: a heading, a line, and the ways on. */
export function CtaBand({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: ReactNode;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section cta-band" aria-labelledby={id}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-band__actions">{children}</div>
      </div>
    </section>
  );
}
