import type { ReactNode } from 'react';
import { formatTodayInUk } from '../lib/format';
import { HeroPage } from './HeroPage';

export type TLegalSection = {
  id: string;
  title: string;
  content: ReactNode;
};

/**
 * A policy or terms page: the title band (with today as the last-updated date when `isDated`), then a
 * contents list beside the introduction and the numbered sections, each linkable by its id.
 */
export function LegalDocument({
  title,
  isDated = false,
  intro,
  sections,
}: {
  title: string;
  isDated?: boolean;
  intro: ReactNode;
  sections: readonly TLegalSection[];
}) {
  return (
    <HeroPage
      isWide
      eyebrow="Legal"
      title={title}
      heroContent={isDated ? <p className="page-hero__meta">Last updated: {formatTodayInUk()}</p> : null}
      bodyClassName="legal"
    >
      <nav className="legal__toc" aria-label="Contents">
        <h2 className="legal__toc-title">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal__body prose">
        <p className="legal__intro">{intro}</p>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              <span className="legal__number">{index + 1}.</span> {section.title}
            </h2>
            {section.content}
          </section>
        ))}
      </div>
    </HeroPage>
  );
}
