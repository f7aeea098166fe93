import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>;

/**
 * A labelled text input with an optional hint, an error under it, and room for a button beside it. The label
 * is the input's accessible name; the hint and the error describe it.
 */
export function FormField({
  label,
  error,
  hint,
  action,
  status,
  ref,
  ...inputProps
}: TInputProps & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** A control beside the input (a Validate button). */
  action?: ReactNode;
  /** A confirmation under the input (e.g. the verified company name). */
  status?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
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
          aria-invalid={error ? true : undefined}
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
