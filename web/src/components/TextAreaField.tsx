import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { useFieldIds } from './field-ids';

type TTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'children'>;

/** A labelled box for a longer text, laid out like FormField: the label names it, the hint and the error describe it. */
export function TextAreaField({
  label,
  error,
  isInvalid = false,
  hint,
  ref,
  ...textAreaProps
}: TTextAreaProps & {
  label: string;
  error?: string | null;
  isInvalid?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
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
      <textarea
        ref={ref}
        id={id}
        className="text-input textarea-input"
        aria-invalid={isMarked ? true : undefined}
        aria-describedby={describedBy}
        {...textAreaProps}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
