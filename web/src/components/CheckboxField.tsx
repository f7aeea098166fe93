import type { InputHTMLAttributes, Ref } from 'react';
import { useFieldIds } from './field-ids';

type TCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children' | 'type'>;

/** A checkbox with its label beside it and an error under it, laid out like FormField. */
export function CheckboxField({
  label,
  error,
  ref,
  ...inputProps
}: TCheckboxProps & { label: string; error?: string | null; ref?: Ref<HTMLInputElement> }) {
  const { id, errorId, describedBy } = useFieldIds({ hasError: Boolean(error), hasHint: false });
  return (
    <div className={`checkbox-field${error ? ' has-error' : ''}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="checkbox-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      <label htmlFor={id} className="checkbox-field__label">
        {label}
      </label>
      {error ? (
        <p id={errorId} className="field-error checkbox-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
