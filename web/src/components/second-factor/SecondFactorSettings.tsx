import { lazy, Suspense, useState } from 'react';
import { MESSAGES, ZDisableSecondFactorRequestSchema, type TSecondFactorStatusResponse } from '@sh/shared/contract';
import { disableSecondFactor, fetchSecondFactorStatus } from '../../api/second-factor';
import { useApiData } from '../../lib/use-api-data';
import { messageOf } from '../../lib/error-message';
import { useSchemaForm } from '../../lib/use-schema-form';
import { LoadFailure } from '../LoadFailure';
import { PasswordField } from '../PasswordField';
import { SchemaForm } from '../SchemaForm';
import { Spinner } from '../Spinner';
import { RecoveryCodes } from './RecoveryCodes';
import { SecondFactorCodeField } from './SecondFactorCodeField';

const SecondFactorEnrolment = lazy(() => import('./SecondFactorEnrolment'));

/**
 * The account page's two-step verification, loaded when the page opens (a chunk of its own): whether it is on; if
 * not, setting it up (then the recovery codes, shown once); if on, turning it off with the password and a code,
 * unless the user is an admin who must keep it.
 */
export default function SecondFactorSettings() {
  const status = useApiData(() => fetchSecondFactorStatus(), []);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        doneLabel="I have saved my recovery codes"
        onDone={() => {
          setRecoveryCodes(null);
          status.retry();
        }}
      />
    );
  }
  if (status.status === 'failed') {
    return (
      <LoadFailure
        isCompact
        title="Two-step verification could not be loaded"
        message={messageOf(status.error)}
        onRetry={status.retry}
      />
    );
  }
  if (status.status !== 'loaded') return <Spinner label="Loading two-step verification" />;

  if (!status.data.isEnabled) {
    return (
      <>
        <p className="settings-card__lead" role="status">
          {MESSAGES.secondFactor.disabled}
          {status.data.isRequired ? ` ${MESSAGES.secondFactor.enrolmentRequired}` : ''}
        </p>
        <Suspense fallback={<Spinner label="Loading" />}>
          <SecondFactorEnrolment onEnabled={(answer) => setRecoveryCodes(answer.data.recoveryCodes)} />
        </Suspense>
      </>
    );
  }
  return <EnabledSecondFactor status={status.data} onDisabled={() => status.retry()} />;
}

/** Two-step verification that is on: the codes left, and turning it off (password and code) where that is allowed. */
function EnabledSecondFactor({
  status,
  onDisabled,
}: {
  status: TSecondFactorStatusResponse['data'];
  onDisabled: () => void;
}) {
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const form = useSchemaForm({
    initialValues: { currentPassword: '', code: '' },
    schema: ZDisableSecondFactorRequestSchema,
    onSubmit: async (input) => {
      await disableSecondFactor(input);
      onDisabled();
    },
  });
  return (
    <>
      <p className="settings-card__lead" role="status">
        Two-step verification is on. You have {status.recoveryCodesLeft} unused recovery{' '}
        {status.recoveryCodesLeft === 1 ? 'code' : 'codes'}.
      </p>
      {status.isRequired ? (
        <p className="settings-card__lead">{MESSAGES.secondFactor.requiredForAdmins}</p>
      ) : (
        <SchemaForm
          form={form}
          label="Turn off two-step verification"
          layout="card"
          submitLabel={form.isSubmitting ? 'Turning off...' : 'Turn off two-step verification'}
        >
          <PasswordField label="Current password" {...form.bindField('currentPassword')} />
          <SecondFactorCodeField isRecoveryCode={isRecoveryCode} {...form.bindField('code')} />
          <p className="form__aside">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setIsRecoveryCode((value) => !value)}
            >
              {isRecoveryCode ? 'Use a code from the app instead' : 'Use a recovery code instead'}
            </button>
          </p>
        </SchemaForm>
      )}
    </>
  );
}
