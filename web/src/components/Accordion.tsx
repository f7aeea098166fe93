import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export type TAccordionItem = {
  id: string;
  title: string;
  content: ReactNode;
};

/** Collapsible sections: each heading is a button with aria-expanded that shows or hides its panel. */
export function Accordion({
  items,
  headingLevel = 3,
  initiallyOpenIds = [],
}: {
  items: readonly TAccordionItem[];
  headingLevel?: 2 | 3 | 4;
  initiallyOpenIds?: readonly string[];
}) {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(initiallyOpenIds));
  const Heading = `h${headingLevel}` as const;

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="accordion">
      {items.map((item) => {
        const isOpen = openIds.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={`accordion__item${isOpen ? ' is-open' : ''}`}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <ChevronDownIcon className="accordion__chevron" size={20} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!isOpen}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
