import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import type { TAddServiceWizard } from './use-add-service-wizard';

/**
 * The secure-submission dialog: the garage signs the record with a full name and its account password,
 * which the server checks before storing anything. Every entry stays on any failure.
 */
export function SubmitDialog({ wizard }: { wizard: TAddServiceWizard }) {
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { values, errors, dialogAlert } = wizard;
  const isSubmitting = wizard.busy === 'submit';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const focus = await wizard.submit();
    if (focus === 'fullName') nameRef.current?.focus();
    if (focus === 'password') passwordRef.current?.focus();
  }

  return (
    <Modal
      title="Secure submission"
      description={<p>Confirm who is submitting this record. We check your account password before the record is stored.</p>}
      onClose={wizard.closeDialog}
      initialFocusRef={nameRef}
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {dialogAlert ? (
          <FormAlert tone="error">
            {dialogAlert.message}
            {dialogAlert.code === 'subscription_required' ? (
              <>
                {' '}
                <Link to="/pricing">See pricing</Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <FormField
          ref={nameRef}
          label="Full name"
          name="full_name"
          autoComplete="name"
          aria-required
          isInvalid={Boolean(errors.fullName)}
          value={values.fullName}
          onChange={(event) => wizard.update('fullName', event.target.value)}
        />
        <FormField
          ref={passwordRef}
          label="Account password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-required
          isInvalid={Boolean(errors.password)}
          value={values.password}
          onChange={(event) => wizard.update('password', event.target.value)}
        />
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
