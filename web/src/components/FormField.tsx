import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFieldIds } from './field-ids';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>;

/**
 * A labelled text input with an optional hint, an error under it, and room for a button beside it. The label
 * is the input's accessible name; the hint and the error describe it. `isInvalid` marks the input invalid
 * when the message that explains why stands elsewhere (under another field, or above the form).
 */
export function FormField({
  label,
  error,
  isInvalid = false,
  hint,
  action,
  status,
  ref,
  ...inputProps
}: TInputProps & {
  label: string;
  error?: string | null;
  isInvalid?: boolean;
  hint?: ReactNode;
  /** A control beside the input (a Validate button). */
  action?: ReactNode;
  /** A confirmation under the input (e.g. the verified company name). */
  status?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const { id, hintId, errorId, describedBy } = useFieldIds({ hasError: Boolean(error), hasHint: Boolean(hint) });
  const isMarked = Boolean(error) || isInvalid;
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
      <div className={action ? 'form-field__row' : undefined}>
        <input
          ref={ref}
          id={id}
          className="text-input"
          aria-invalid={isMarked ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {action}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {status}
    </div>
  );
}
