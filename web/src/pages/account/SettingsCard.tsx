import type { ReactNode } from 'react';

/** One section of the account page: a card titled by its heading. */
export function SettingsCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card settings-card" aria-labelledby={id}>
      <h2 id={id} className="settings-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
