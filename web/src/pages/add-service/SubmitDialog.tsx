import type { FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import type { TAddServiceWizard } from './use-add-service-wizard';
import { WizardAlert } from './WizardAlert';

/**
 * The secure-submission dialog: the garage signs the record with a full name and its account password,
 * which the server checks before storing anything. Every entry stays on any failure. What is missing is
 * said once, above the fields; the fields are only marked invalid. The focus starts on the full name.
 */
export function SubmitDialog({ wizard }: { wizard: TAddServiceWizard }) {
  const { form } = wizard;
  const isSubmitting = wizard.busy === 'submit';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void wizard.submit();
  }

  return (
    <Modal
      title="Secure submission"
      description={
        <p>Confirm who is submitting this record. We check your account password before the record is stored.</p>
      }
      onClose={wizard.closeDialog}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <WizardAlert alert={wizard.dialogAlert} />
        <FormField
          label="Full name"
          autoComplete="name"
          aria-required
          {...form.bindField('fullName')}
          name="full_name"
          error={null}
        />
        <PasswordField label="Account password" aria-required {...form.bindField('password')} error={null} />
        <div className="form__actions modal__actions" aria-live="polite">
          <button type="button" className="button button--ghost" disabled={isSubmitting} onClick={wizard.closeDialog}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit record'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
