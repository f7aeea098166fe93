import { useId, type ReactNode } from 'react';

/** What a control inside a Field carries: its id (the label's target) and its invalid state and description. */
export type TFieldControl = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The props every field kind shares; the control's own props are the rest. */
export type TFieldProps = {
  label: string;
  error?: string | null;
  /** Marks the control invalid when the message that explains why stands elsewhere (under another field, or above the form). */
  isInvalid?: boolean;
  hint?: ReactNode;
  /** A confirmation under the field (e.g. the verified company name). */
  status?: ReactNode;
};

/** Splits a field's props into the Field's own and the control's. */
export function splitFieldProps<TControl extends object>(props: TFieldProps & TControl): [TFieldProps, TControl] {
  const { label, error, isInvalid, hint, status, ...control } = props;
  return [{ label, error, isInvalid, hint, status }, control as unknown as TControl];
}

/**
 * The one field wrapper: a label, an optional hint, the control, the error under it and a status line. The
 * label names the control; the error (first) and the hint describe it, and an error or `isInvalid` marks it
 * invalid. `layout` picks the frame: a stacked field, a checkbox with its label beside it, or a group
 * (fieldset and legend) whose controls share the description. `className` replaces the frame's own class
 * for a control styled apart (the lookup's number plate); `isErrorAnnounced` reads a new error out at once.
 */
export function Field({
  label,
  error,
  isInvalid = false,
  hint,
  status,
  layout = 'stacked',
  className,
  isErrorAnnounced = false,
  children,
}: TFieldProps & {
  layout?: 'stacked' | 'checkbox' | 'group';
  className?: string;
  isErrorAnnounced?: boolean;
  children: (control: TFieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isMarked = Boolean(error) || isInvalid;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: TFieldControl = { id, 'aria-invalid': isMarked ? true : undefined, 'aria-describedby': describedBy };
  const frame = `${className ?? FRAME_CLASS[layout]}${isMarked ? ' has-error' : ''}`;

  const hintLine = hint ? (
    <p id={hintId} className="field-hint">
      {hint}
    </p>
  ) : null;
  const errorLine = error ? (
    <p
      id={errorId}
      className={layout === 'checkbox' ? 'field-error checkbox-field__error' : 'field-error'}
      role={isErrorAnnounced ? 'alert' : undefined}
    >
      {error}
    </p>
  ) : null;

  if (layout === 'group') {
    return (
      <fieldset className={frame} aria-describedby={describedBy}>
        <legend className="field-label">{label}</legend>
        {hintLine}
        {children({ ...control, 'aria-describedby': undefined })}
        {errorLine}
        {status}
      </fieldset>
    );
  }
  if (layout === 'checkbox') {
    return (
      <div className={frame}>
        {children(control)}
        <label htmlFor={id} className="checkbox-field__label">
          {label}
        </label>
        {errorLine}
        {status}
      </div>
    );
  }
  return (
    <div className={frame}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hintLine}
      {children(control)}
      {errorLine}
      {status}
    </div>
  );
}

const FRAME_CLASS = { stacked: 'form-field', checkbox: 'checkbox-field', group: 'form-field choice-field' } as const;
