import type { ReactNode } from 'react';
import type { useSchemaForm } from '../lib/use-schema-form';
import { FormAlert } from './FormAlert';

export type TFormState = Pick<ReturnType<typeof useSchemaForm>, 'formError' | 'isSubmitting' | 'handleSubmit'>;

/**
 * A form of the kit (useSchemaForm): the message above its fields (the error, else a confirmation), the
 * fields, and its submit button, disabled and busy while the form sends. `layout` "page" is a page's one
 * form (a large full-width button); "card" is one of several forms on a settings page, where `actions` (a
 * Cancel) stand beside the submit button.
 */
export function SchemaForm({
  form,
  label,
  labelledBy,
  submitLabel,
  isBusy = form.isSubmitting,
  canSubmit = true,
  success,
  layout = 'page',
  actions,
  children,
}: {
  form: TFormState;
  label?: string;
  labelledBy?: string;
  submitLabel: ReactNode;
  isBusy?: boolean;
  canSubmit?: boolean;
  success?: string | null;
  layout?: 'page' | 'card';
  actions?: ReactNode;
  children: ReactNode;
}) {
  const button = (
    <button
      type="submit"
      className={layout === 'page' ? 'button button--primary button--large form__submit' : 'button button--primary'}
      disabled={isBusy || !canSubmit}
      aria-busy={isBusy}
    >
      {submitLabel}
    </button>
  );
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit} aria-label={label} aria-labelledby={labelledBy}>
      {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
      {!form.formError && success ? <FormAlert tone="success">{success}</FormAlert> : null}
      {children}
      {layout === 'page' ? (
        button
      ) : (
        <div className="form__actions">
          {button}
          {actions}
        </div>
      )}
    </form>
  );
}
