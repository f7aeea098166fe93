import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useFieldIds } from './field-ids';

type TSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'>;

/**
 * A labelled drop-down list, laid out like FormField: the label names it, the hint and the error describe
 * it. `placeholder` is a first, unselectable option shown while nothing is chosen (value '').
 */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  isInvalid = false,
  hint,
  ref,
  ...selectProps
}: TSelectProps & {
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error?: string | null;
  isInvalid?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}) {
  const { id, hintId, errorId, describedBy } = useFieldIds({ hasError: Boolean(error), hasHint: Boolean(hint) });
  const isMarked = Boolean(error) || isInvalid;
  const isShowingPlaceholder = placeholder !== undefined && (selectProps.value ?? '') === '';
  return (
    <div className={`form-field${isMarked ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <select
        ref={ref}
        id={id}
        className={`text-input select-input${isShowingPlaceholder ? ' is-placeholder' : ''}`}
        aria-invalid={isMarked ? true : undefined}
        aria-describedby={describedBy}
        {...selectProps}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
