import { lazy, Suspense, useMemo, useState } from 'react';
import { MESSAGES, type TConfirmSecondFactorEnrolmentResponse } from '@sh/shared/contract';
import { enrolmentClient } from '../../api/second-factor';
import type { TLoginResult } from '../../auth/auth-store';
import { useAuth } from '../../auth/AuthProvider';
import { FormAlert } from '../../components/FormAlert';
import { RecoveryCodes } from '../../components/second-factor/RecoveryCodes';
import { Spinner } from '../../components/Spinner';

const SecondFactorEnrolment = lazy(() => import('../../components/second-factor/SecondFactorEnrolment'));

/**
 * The login's next step for an admin without two-step verification where admins must have it: set it up now, with
 * the enrolment-only token login answered; once on (and the recovery codes saved) the session starts.
 */
export function SecondFactorEnrolmentStep({
  enrolmentToken,
  onSignedIn,
}: {
  enrolmentToken: string;
  onSignedIn: (result: TLoginResult & { success: true }) => void;
}) {
  const auth = useAuth();
  const client = useMemo(() => enrolmentClient(enrolmentToken), [enrolmentToken]);
  const [enabled, setEnabled] = useState<TConfirmSecondFactorEnrolmentResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (enabled) {
    return (
      <>
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <RecoveryCodes
          codes={enabled.data.recoveryCodes}
          doneLabel="I have saved my recovery codes: continue"
          onDone={() => {
            const signedIn = enabled.data.signedIn;
            const result = signedIn ? auth.completeSignIn(signedIn, enabled.message ?? '') : null;
            if (result?.success) onSignedIn(result);
            else setFailure(result?.message ?? MESSAGES.login.failed);
          }}
        />
      </>
    );
  }
  return (
    <>
      <FormAlert tone="info" title="Set up two-step verification">
        {MESSAGES.secondFactor.enrolmentRequired}
      </FormAlert>
      <Suspense fallback={<Spinner label="Loading" />}>
        <SecondFactorEnrolment client={client} onEnabled={setEnabled} />
      </Suspense>
    </>
  );
}
