import type { ReactNode } from 'react';

/**
 * The frame of the account pages (login, signup, password reset, e-mail confirmation): a dark title band
 * and a white card that overlaps it, as on the lookup page.
 */
export function AuthShell({
  eyebrow,
  title,
  lead,
  isWide = false,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  isWide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <section className="page-hero page-hero--compact" aria-labelledby="auth-title">
        <div className={`container auth-page__column${isWide ? ' auth-page__column--wide' : ''}`}>
          {eyebrow ? <p className="eyebrow eyebrow--on-dark">{eyebrow}</p> : null}
          <h1 id="auth-title">{title}</h1>
          {lead ? <p className="page-hero__lead">{lead}</p> : null}
        </div>
      </section>
      <div className={`container auth-page__column${isWide ? ' auth-page__column--wide' : ''}`}>
        <div className="card auth-card">{children}</div>
      </div>
    </div>
  );
}
