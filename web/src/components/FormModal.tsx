import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { SchemaForm, type TFormState } from './SchemaForm';

/**
 * A dialog holding one form of the kit (useSchemaForm): named by its title, with its submit button (busyLabel while
 * it sends) and a Cancel beside it. While the form sends, neither Cancel nor Escape closes it.
 */
export function FormModal({
  form,
  title,
  description,
  size,
  submitLabel,
  busyLabel,
  onClose,
  children,
}: {
  form: TFormState;
  title: string;
  description: ReactNode;
  size?: 'normal' | 'wide';
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} size={size} description={description} onClose={form.isSubmitting ? () => undefined : onClose}>
      <SchemaForm
        form={form}
        label={title}
        layout="card"
        submitLabel={form.isSubmitting ? busyLabel : submitLabel}
        actions={
          <button type="button" className="button button--ghost" disabled={form.isSubmitting} onClick={onClose}>
            Cancel
          </button>
        }
      >
        {children}
      </SchemaForm>
    </Modal>
  );
}
