import { useState } from 'react';
import { ZConfirmSecondFactorEnrolmentRequestSchema } from '@sh/shared/contract';
import { completeSecondFactorLogin } from '../../api/second-factor';
import type { TLoginResult } from '../../auth/auth-store';
import { useAuth } from '../../auth/AuthProvider';
import { SchemaForm } from '../../components/SchemaForm';
import { SecondFactorCodeField } from '../../components/second-factor/SecondFactorCodeField';
import { FormRejection, useSchemaForm } from '../../lib/use-schema-form';

/**
 * The login's second step for a user with two-step verification on: the code from their app (or a recovery code).
 * A wrong code is said under the field and the step stays; the right one starts the session (`onSignedIn`).
 */
export function SecondFactorCodeStep({
  challenge,
  onSignedIn,
}: {
  challenge: string;
  onSignedIn: (result: TLoginResult & { success: true }) => void;
}) {
  const auth = useAuth();
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const form = useSchemaForm({
    initialValues: { code: '' },
    schema: ZConfirmSecondFactorEnrolmentRequestSchema,
    onSubmit: async ({ code }) => {
      const answer = await completeSecondFactorLogin({ challenge, code });
      const result = auth.completeSignIn(answer.data, answer.message ?? '');
      if (!result.success) throw new FormRejection({}, result.message);
      onSignedIn(result);
    },
  });
  const isBusy = form.status !== 'editing';

  return (
    <SchemaForm
      form={form}
      label="Two-step verification"
      isBusy={isBusy}
      submitLabel={isBusy ? 'Checking...' : 'Continue'}
    >
      <SecondFactorCodeField
        isRecoveryCode={isRecoveryCode}
        aria-required="true"
        autoFocus
        {...form.bindField('code')}
      />
      <p className="form__aside">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setIsRecoveryCode((value) => !value)}
        >
          {isRecoveryCode ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
        </button>
      </p>
    </SchemaForm>
  );
}
