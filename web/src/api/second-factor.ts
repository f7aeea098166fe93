import type {
  TConfirmSecondFactorEnrolmentResponse,
  TDisableSecondFactorRequest,
  TLoginSecondFactorRequest,
  TLoginSecondFactorResponse,
  TSecondFactorStatusResponse,
  TStartSecondFactorEnrolmentResponse,
} from '@sh/shared/contract';
import { api, createApiClient, type ApiError, type TApiClient } from './client';
import { lazySchema } from './lazy-schema';

/** Two-step verification's calls: the login's second step and the caller's own enrolment (users/second-factor). */
const anonymous = createApiClient();

/** A wrong code (or password) answers that code, not the session: it reaches the form at once, unrefreshed. */
const isCodeRejection = (error: ApiError) =>
  error.code === 'second_factor_mismatch' || error.code === 'password_mismatch';

/** POST auth/login/second-factor: the challenge login answered and a code; answers the session like login. */
export async function completeSecondFactorLogin(
  input: TLoginSecondFactorRequest,
  client: TApiClient = anonymous,
): Promise<TLoginSecondFactorResponse> {
  return client.post('auth/login/second-factor', input, lazySchema('ZLoginSecondFactorResponseSchema'));
}

/** A client carrying an admin's enrolment-only token (login's answer where admins must have a second factor). */
export function enrolmentClient(enrolmentToken: string): TApiClient {
  return createApiClient({ getToken: () => enrolmentToken });
}

/** GET users/second-factor: whether it is on, required, and the recovery codes left. */
export async function fetchSecondFactorStatus(client: TApiClient = api): Promise<TSecondFactorStatusResponse['data']> {
  return (await client.get('users/second-factor', lazySchema('ZSecondFactorStatusResponseSchema'))).data;
}

/** POST users/second-factor/enrolment: a new secret with its QR code, until confirmed. */
export async function startSecondFactorEnrolment(
  client: TApiClient = api,
): Promise<TStartSecondFactorEnrolmentResponse['data']> {
  return (
    await client.post(
      'users/second-factor/enrolment',
      undefined,
      lazySchema('ZStartSecondFactorEnrolmentResponseSchema'),
    )
  ).data;
}

/** POST users/second-factor/enrolment/confirm: a code from the app turns it on; answers the recovery codes once. */
export async function confirmSecondFactorEnrolment(
  code: string,
  client: TApiClient = api,
): Promise<TConfirmSecondFactorEnrolmentResponse> {
  return client.post(
    'users/second-factor/enrolment/confirm',
    { code },
    lazySchema('ZConfirmSecondFactorEnrolmentResponseSchema'),
    {
      isCredentialRejection: isCodeRejection,
    },
  );
}

/** DELETE users/second-factor with the current password and a code. */
export async function disableSecondFactor(
  input: TDisableSecondFactorRequest,
  client: TApiClient = api,
): Promise<string | undefined> {
  const answer = await client.delete('users/second-factor', input, lazySchema('ZDisableSecondFactorResponseSchema'), {
    isCredentialRejection: isCodeRejection,
  });
  return answer.message;
}
