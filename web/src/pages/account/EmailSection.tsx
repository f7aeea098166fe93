import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@sh/shared/contract';
import { ApiError } from '../../api/client';
import { updateEmail } from '../../api/identity';
import { useAuth } from '../../auth/AuthProvider';
import type { TAuthUser } from '../../auth/auth-store';
import { EmailField } from '../../components/EmailField';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { SchemaForm } from '../../components/SchemaForm';
import { ZEmailChangeFormSchema } from '../../lib/form-schemas';
import { FormRejection, useSchemaForm } from '../../lib/use-schema-form';
import { SettingsCard } from './SettingsCard';

/** The new address typed is the one the account already has: nothing to change. */
export const SAME_EMAIL_MESSAGE = 'This is already your email address.';

/** A change the server made: its message, and where the confirmation and the undo link went. */
type TEmailChange = { message: string; newEmail: string; oldEmail: string };

/**
 * Email address: the sign-in address, read-only until Change email opens the form (the new address and the
 * current password). On success the page carries on with the fresh session the server answers (it ends the
 * user's other sessions) and says where the confirmation link and the undo link went.
 */
export function EmailSection({ user }: { user: TAuthUser }) {
  const [isEditing, setIsEditing] = useState(false);
  const [change, setChange] = useState<TEmailChange | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const isFocusReturning = useRef(false);

  // Closing the form gives the focus back to Change email, which takes the form's place.
  useEffect(() => {
    if (isEditing || !isFocusReturning.current) return;
    isFocusReturning.current = false;
    openButton.current?.focus();
  }, [isEditing]);

  function open() {
    setChange(null);
    setIsEditing(true);
  }

  function close(done: TEmailChange | null) {
    isFocusReturning.current = true;
    if (done) setChange(done);
    setIsEditing(false);
  }

  return (
    <SettingsCard title="Email address" id="email-title">
      <div className="email-section">
        {change ? (
          <FormAlert tone="success" title={change.message}>
            We sent a confirmation link to <strong>{change.newEmail}</strong>: please follow it to confirm your new
            address. We also emailed <strong>{change.oldEmail}</strong> a link that undoes the change, in case you did
            not make it.
          </FormAlert>
        ) : null}
        <FormField label="Email" type="email" value={user.email} readOnly hint="The address you sign in with." />
        {isEditing ? (
          <EmailChangeForm user={user} onDone={close} />
        ) : (
          <div className="form__actions">
            <button ref={openButton} type="button" className="button button--ghost" onClick={open}>
              Change email
            </button>
          </div>
        )}
      </div>
    </SettingsCard>
  );
}

/** The change itself: the focus starts on the new address; Cancel, or a change made, closes it. */
function EmailChangeForm({ user, onDone }: { user: TAuthUser; onDone: (change: TEmailChange | null) => void }) {
  const { adoptSession } = useAuth();
  const form = useSchemaForm({
    initialValues: { email: '', currentPassword: '' },
    schema: ZEmailChangeFormSchema,
    failureMessage: MESSAGES.settings.emailFailed,
    onSubmit: async (request) => {
      if (request.email === user.email) throw new FormRejection({ email: SAME_EMAIL_MESSAGE });
      const answer = await updateEmail(user.id, request).catch((error: unknown) => {
        // The server's word on the password stands under the password.
        if (error instanceof ApiError && error.code === 'password_mismatch')
          throw new FormRejection({ currentPassword: error.message });
        throw error;
      });
      if (answer.data.session) adoptSession(answer.data.session);
      onDone({
        message: answer.message ?? MESSAGES.identity.emailUpdated,
        newEmail: answer.data.email,
        oldEmail: user.email,
      });
    },
  });

  // The form opens at the user's request: the focus goes to its first field.
  const { focus } = form;
  useEffect(() => focus('email'), []);

  return (
    <SchemaForm
      form={form}
      label="Change email"
      layout="card"
      submitLabel="Update email"
      actions={
        <button
          type="button"
          className="button button--ghost"
          disabled={form.isSubmitting}
          onClick={() => onDone(null)}
        >
          Cancel
        </button>
      }
    >
      <EmailField
        label="New email"
        hint="We will send a confirmation link to this address."
        {...form.bindField('email')}
      />
      <PasswordField label="Current password" {...form.bindField('currentPassword')} />
    </SchemaForm>
  );
}
