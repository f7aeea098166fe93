import type { ReactNode } from 'react';

export type TLegalSection = {
  id: string;
  title: string;
  content: ReactNode;
};

/** A policy or terms document: a contents list beside numbered sections, each linkable by its id. */
export function LegalDocument({ sections, intro }: { sections: readonly TLegalSection[]; intro?: ReactNode }) {
  return (
    <div className="container legal">
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
        {intro}
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              <span className="legal__number">{index + 1}.</span> {section.title}
            </h2>
            {section.content}
          </section>
        ))}
      </div>
    </div>
  );
}
