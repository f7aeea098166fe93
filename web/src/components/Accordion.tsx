import { useId, type ReactNode } from 'react';
import { useOpenSet } from '../lib/use-open-set';
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
  const sections = useOpenSet(initiallyOpenIds);
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="accordion">
      {items.map((item) => {
        const isOpen = sections.isOpen(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={`accordion__item${isOpen ? ' is-open' : ''}`}>
            <Heading className="accordion__heading">
              <button id={buttonId} className="accordion__trigger" {...sections.bindTrigger(item.id, panelId)}>
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
