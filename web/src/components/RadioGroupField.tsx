import type { Ref } from 'react';
import { Field } from './Field';

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
  return (
    <Field layout="group" label={legend} error={error}>
      {(control) => (
        <div className="choice-field__options">
          {options.map((option, index) => (
            <div key={option.value} className="choice">
              <input
                ref={index === 0 ? firstOptionRef : undefined}
                id={`${control.id}-${option.value}`}
                className="choice__input"
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                required={isRequired}
                aria-invalid={control['aria-invalid']}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={`${control.id}-${option.value}`} className="choice__label">
                {option.label}
              </label>
            </div>
          ))}
        </div>
      )}
    </Field>
  );
}
