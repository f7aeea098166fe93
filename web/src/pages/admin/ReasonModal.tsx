import type { ReactNode } from 'react';
import { REASON_MAX_LENGTH } from '@sh/shared/contract';
import { FormModal } from '../../components/FormModal';
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
    <FormModal
      form={form}
      title={title}
      description={description}
      submitLabel={confirmLabel}
      busyLabel={busyLabel}
      onClose={onClose}
    >
      <TextAreaField
        label={reasonLabel}
        hint={reasonHint}
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        aria-required
        {...form.bindField('reason')}
      />
    </FormModal>
  );
}
