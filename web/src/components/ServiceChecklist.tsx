import { useId, type Ref } from 'react';
import { SERVICE_CATEGORIES } from '@sh/shared/contract';
import { useOpenSet } from '../lib/use-open-set';
import { ChevronDownIcon } from './icons';

/**
 * The nine service categories (docs/product.md#adding-a-service), each a button with aria-expanded that shows or hides its
 * items as checkboxes. A category says how many of its items are ticked even while it is closed.
 */
export function ServiceChecklist({
  selected,
  onToggle,
  error,
  firstCategoryRef,
}: {
  selected: readonly string[];
  onToggle: (item: string, isChecked: boolean) => void;
  error?: string | null;
  firstCategoryRef?: Ref<HTMLButtonElement>;
}) {
  const baseId = useId();
  const categories = useOpenSet();
  const chosen = new Set(selected);

  return (
    <div className={`checklist${error ? ' has-error' : ''}`}>
      {SERVICE_CATEGORIES.map((category, index) => {
        const isOpen = categories.isOpen(category.name);
        const count = category.items.filter((item) => chosen.has(item)).length;
        const buttonId = `${baseId}-${index}-button`;
        const panelId = `${baseId}-${index}-panel`;
        return (
          <div key={category.name} className={`checklist__category${isOpen ? ' is-open' : ''}`}>
            <h3 className="checklist__heading">
              <button
                ref={index === 0 ? firstCategoryRef : undefined}
                id={buttonId}
                className="checklist__trigger"
                {...categories.bindTrigger(category.name, panelId)}
              >
                <span className="checklist__name">{category.name}</span>
                {count > 0 ? <span className="checklist__badge">{`${count} ticked`}</span> : null}
                <ChevronDownIcon className="checklist__chevron" size={20} />
              </button>
            </h3>
            <fieldset id={panelId} className="checklist__panel" hidden={!isOpen}>
              <legend className="visually-hidden">{category.name}</legend>
              <ul className="checklist__items">
                {category.items.map((item) => (
                  <li key={item}>
                    <label className="checklist__item">
                      <input
                        type="checkbox"
                        checked={chosen.has(item)}
                        onChange={(event) => onToggle(item, event.target.checked)}
                      />
                      <span>{item}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </div>
        );
      })}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
