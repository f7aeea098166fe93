import type { Ref } from 'react';
import { useFieldIds } from './field-ids';

/**
 * A question answered by picking one option: a fieldset whose legend is the question, with each option a
 * radio button and its label (shown as a row of choice chips). The error, if any, describes the group.
 */
export function RadioGroupField<TValue extends string>({
  legend,
  name,
  options,
  value,
  error,
  isRequired = false,
  onChange,
  firstOptionRef,
}: {
  legend: string;
  name: string;
  options: readonly { value: TValue; label: string }[];
  /** The chosen option, or '' when none is. */
  value: TValue | '';
  error?: string | null;
  isRequired?: boolean;
  onChange: (value: TValue) => void;
  /** The first radio button, so that a form can move the focus to the question. */
  firstOptionRef?: Ref<HTMLInputElement>;
}) {
  const { id, errorId, describedBy } = useFieldIds({ hasError: Boolean(error), hasHint: false });
  return (
    <fieldset className={`form-field choice-field${error ? ' has-error' : ''}`} aria-describedby={describedBy}>
      <legend className="field-label">{legend}</legend>
      <div className="choice-field__options">
        {options.map((option, index) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="choice">
              <input
                ref={index === 0 ? firstOptionRef : undefined}
                id={optionId}
                className="choice__input"
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                required={isRequired}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={optionId} className="choice__label">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
