import { MESSAGES, ZUpdatePhoneRequestSchema, type TGarageProfile } from '@sh/shared/contract';
import { fetchMyGarage, updatePhone } from '../../api/garages';
import type { TAuthUser } from '../../auth/auth-store';
import { FormAlert } from '../../components/FormAlert';
import { PhoneField } from '../../components/PhoneField';
import { SchemaForm } from '../../components/SchemaForm';
import { messageOf } from '../../lib/error-message';
import { toPhoneInput } from '../../lib/form-schemas';
import { useApiData } from '../../lib/use-api-data';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SettingsCard } from './SettingsCard';

/** Garage contact: the garage's name and address, and its contact phone to change (UK, 11 digits starting with 0). */
export function PhoneSection({ user }: { user: TAuthUser }) {
  const garage = useApiData((signal) => fetchMyGarage({ signal }), []);
  const profile = garage.status === 'loaded' ? garage.data : null;

  return (
    <SettingsCard title="Garage contact" id="phone-title">
      {garage.status === 'failed' ? <FormAlert tone="error">{messageOf(garage.error)}</FormAlert> : null}
      {profile ? (
        <p className="settings-card__lead">
          <strong>{profile.name}</strong>
          <br />
          {profile.address}
        </p>
      ) : null}
      {/* The form starts again with the loaded number. */}
      <PhoneForm
        key={profile ? 'loaded' : 'loading'}
        user={user}
        profile={profile}
        isLoading={garage.status === 'loading'}
      />
    </SettingsCard>
  );
}

function PhoneForm({
  user,
  profile,
  isLoading,
}: {
  user: TAuthUser;
  profile: TGarageProfile | null;
  isLoading: boolean;
}) {
  const form = useSchemaForm({
    initialValues: { phone: toPhoneInput(profile?.phone ?? '') },
    schema: ZUpdatePhoneRequestSchema,
    failureMessage: MESSAGES.settings.phoneFailed,
    onSubmit: async ({ phone }) => {
      const answer = await updatePhone(user.id, phone);
      form.setValue('phone', toPhoneInput(answer.data.phone));
      return answer.message ?? MESSAGES.garages.phoneUpdated;
    },
  });

  return (
    <SchemaForm
      form={form}
      labelledBy="phone-title"
      layout="card"
      success={form.result}
      canSubmit={profile !== null}
      submitLabel="Update phone"
    >
      <PhoneField
        disabled={isLoading}
        {...form.bindField('phone')}
        onPhoneChange={(digits) => form.setValue('phone', digits)}
      />
    </SchemaForm>
  );
}
