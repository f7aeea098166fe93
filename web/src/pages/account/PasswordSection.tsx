import { MESSAGES, PASSWORD_MIN_LENGTH } from '@sh/shared/contract';
import { updatePassword } from '../../api/identity';
import { useAuth } from '../../auth/AuthProvider';
import type { TAuthUser } from '../../auth/auth-store';
import { PasswordField } from '../../components/PasswordField';
import { SchemaForm } from '../../components/SchemaForm';
import { ZPasswordChangeFormSchema } from '../../lib/form-schemas';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SettingsCard } from './SettingsCard';

const EMPTY_VALUES = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: the current password and the new one twice (SPEC.md section 8's settings messages, above
 * the form). On success every other session of the user ends; this one carries on with the fresh session.
 */
export function PasswordSection({ user }: { user: TAuthUser }) {
  const { adoptSession } = useAuth();
  const form = useSchemaForm({
    initialValues: EMPTY_VALUES,
    schema: ZPasswordChangeFormSchema,
    failureMessage: MESSAGES.settings.passwordFailed,
    onSubmit: async (request) => {
      const answer = await updatePassword(user.id, request);
      if (answer.data.session) adoptSession(answer.data.session);
      form.reset();
      return answer.message ?? MESSAGES.identity.passwordUpdated;
    },
  });

  return (
    <SettingsCard title="Change password" id="password-title">
      <SchemaForm form={form} labelledBy="password-title" layout="card" success={form.result} submitLabel="Update password">
        <PasswordField label="Current password" {...form.bindField('currentPassword')} />
        <div className="form__grid">
          <PasswordField
            label="New password"
            isNew
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...form.bindField('newPassword')}
          />
          <PasswordField label="Confirm new password" isNew hint="Type the new password again" {...form.bindField('confirmPassword')} />
        </div>
      </SchemaForm>
    </SettingsCard>
  );
}
