import type { ReactNode } from 'react';
import { REASON_MAX_LENGTH } from '@sh/shared/contract';
import { Modal } from '../../components/Modal';
import { SchemaForm } from '../../components/SchemaForm';
import { TextAreaField } from '../../components/TextAreaField';
import { useSchemaForm, type TFormSchema } from '../../lib/use-schema-form';

/**
 * A confirmation that asks why (a withdrawal, a suspension, a reinstatement): the reason is required and checked
 * with the shared schema of the request; `onConfirm` sends it. A failure stays in the dialog, as the server's
 * message or `failureMessage`, with the reason kept; on success `onDone` gets the answer.
 */
export function ReasonModal<TResult>({
  title,
  description,
  reasonLabel = 'Reason',
  reasonHint,
  confirmLabel,
  busyLabel,
  schema,
  failureMessage,
  onConfirm,
  onDone,
  onClose,
}: {
  title: string;
  description: ReactNode;
  reasonLabel?: string;
  reasonHint?: string;
  confirmLabel: string;
  busyLabel: string;
  schema: TFormSchema<{ reason: string }>;
  failureMessage: string | ((error: unknown) => string);
  onConfirm: (reason: string) => Promise<TResult>;
  onDone: (result: TResult) => void;
  onClose: () => void;
}) {
  const form = useSchemaForm({
    initialValues: { reason: '' },
    schema,
    failureMessage,
    onSubmit: async ({ reason }) => onDone(await onConfirm(reason)),
  });

  return (
    <Modal title={title} description={description} onClose={form.isSubmitting ? () => undefined : onClose}>
      <SchemaForm
        form={form}
        label={title}
        layout="card"
        submitLabel={form.isSubmitting ? busyLabel : confirmLabel}
        actions={
          <button type="button" className="button button--ghost" disabled={form.isSubmitting} onClick={onClose}>
            Cancel
          </button>
        }
      >
        <TextAreaField label={reasonLabel} hint={reasonHint} rows={3} maxLength={REASON_MAX_LENGTH} aria-required {...form.bindField('reason')} />
      </SchemaForm>
    </Modal>
  );
}
