import { MESSAGES, PASSWORD_MIN_LENGTH } from '@sh/shared/contract';
import { ApiError } from '../../api/client';
import { updatePassword } from '../../api/identity';
import { useAuth } from '../../auth/AuthProvider';
import type { TAuthUser } from '../../auth/auth-store';
import { NewPasswordFields, PasswordField } from '../../components/PasswordField';
import { SchemaForm } from '../../components/SchemaForm';
import { ZPasswordChangeFormSchema } from '../../lib/form-schemas';
import { FormRejection, useSchemaForm } from '../../lib/use-schema-form';
import { SettingsCard } from './SettingsCard';

const EMPTY_VALUES = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: the current password and the new one twice (docs/product.md#account-settings; its messages above
 * the form). On success every other session of the user ends; this one carries on with the fresh session. A wrong
 * current password (401) shows under its field; too many (429) show the server's message above the form.
 */
export function PasswordSection({ user }: { user: TAuthUser }) {
  const { adoptSession } = useAuth();
  const form = useSchemaForm({
    initialValues: EMPTY_VALUES,
    schema: ZPasswordChangeFormSchema,
    failureMessage: MESSAGES.settings.passwordFailed,
    onSubmit: async (request) => {
      const answer = await updatePassword(user.id, request).catch((error: unknown) => {
        // The server's word on the current password stands under it; a spent budget (429) is the form's alert.
        if (error instanceof ApiError && error.code === 'password_mismatch')
          throw new FormRejection({ currentPassword: error.message });
        throw error;
      });
      if (answer.data.session) adoptSession(answer.data.session);
      form.reset();
      return answer.message ?? MESSAGES.identity.passwordUpdated;
    },
  });

  return (
    <SettingsCard title="Change password" id="password-title">
      <SchemaForm
        form={form}
        labelledBy="password-title"
        layout="card"
        success={form.result}
        submitLabel="Update password"
      >
        <PasswordField label="Current password" {...form.bindField('currentPassword')} />
        <div className="form__grid">
          <NewPasswordFields
            hints={[`At least ${PASSWORD_MIN_LENGTH} characters`, 'Type the new password again']}
            password={form.bindField('newPassword')}
            confirmation={form.bindField('confirmPassword')}
          />
        </div>
      </SchemaForm>
    </SettingsCard>
  );
}
