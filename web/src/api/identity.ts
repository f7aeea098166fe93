import {
  SESSION_COOKIE,
  type TLoginRequest,
  type TLoginResponse,
  type TMeResponse,
  type TRefreshResponse,
  type TResetPasswordRequest,
  type TUpdateEmailRequest,
  type TUpdateEmailResponse,
  type TUpdatePasswordRequest,
  type TUpdatePasswordResponse,
} from '@sh/shared/contract';
import { api, createApiClient, type TApiClient, type TRequestOptions } from './client';
import { lazySchema } from './lazy-schema';

/**
 * The identity service's calls (auth/ and users/). Calls that carry their own credential (login, the one-time links
 * in the body; refresh and logout the session cookie) use a client that sends no bearer token and never refreshes.
 */
const anonymous = createApiClient();

/** The header that proves a call spending the session cookie comes from this app (the cookie goes by itself). */
const SESSION_CALL = { headers: { [SESSION_COOKIE.csrfHeader]: SESSION_COOKIE.csrfHeaderValue } };

/** POST auth/login: the session and the user's type. */
export async function logIn(input: TLoginRequest, client: TApiClient = anonymous): Promise<TLoginResponse> {
  return client.post('auth/login', input, lazySchema('ZLoginResponseSchema'));
}

/** POST auth/refresh: rotates the session cookie's refresh token (the browser keeps the new cookie) for a new session. */
export async function refreshSession(client: TApiClient = anonymous): Promise<TRefreshResponse> {
  return client.post('auth/refresh', undefined, lazySchema('ZRefreshResponseSchema'), SESSION_CALL);
}

/** POST auth/logout: revokes the session cookie's family and clears the cookie. */
export async function logOut(client: TApiClient = anonymous): Promise<void> {
  await client.post('auth/logout', undefined, lazySchema('ZLogoutResponseSchema'), SESSION_CALL);
}

/** GET auth/me: who the access token belongs to, with their user type. */
export async function fetchCurrentUser(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TMeResponse['data']> {
  return (await client.get('auth/me', lazySchema('ZMeResponseSchema'), requestOptions)).data;
}

/** POST auth/forgot-password: always the same answer, whether or not the account exists. */
export async function requestPasswordReset(email: string, client: TApiClient = anonymous): Promise<string | undefined> {
  return (await client.post('auth/forgot-password', { email }, lazySchema('ZForgotPasswordResponseSchema'))).message;
}

/** POST auth/reset-password with the e-mailed link's token. */
export async function resetPassword(
  input: TResetPasswordRequest,
  client: TApiClient = anonymous,
): Promise<string | undefined> {
  return (await client.post('auth/reset-password', input, lazySchema('ZResetPasswordResponseSchema'))).message;
}

/** POST users/confirm-email with the e-mailed link's token; resolves to the answer's status and message. */
export async function confirmEmail(
  token: string,
  client: TApiClient = anonymous,
): Promise<{ status: number; message: string | undefined }> {
  const envelope = await client.post('users/confirm-email', { token }, lazySchema('ZConfirmEmailResponseSchema'));
  return { status: envelope.status, message: envelope.message };
}

/**
 * PATCH users/email/{id}: the user's own change, with their current password; answers a fresh session (the
 * old ones are revoked). A 401 password_mismatch answers that password, not the session, so it is not refreshed.
 */
export async function updateEmail(
  userId: string,
  input: TUpdateEmailRequest,
  client: TApiClient = api,
): Promise<TUpdateEmailResponse> {
  return client.patch(`users/email/${encodeURIComponent(userId)}`, input, lazySchema('ZUpdateEmailResponseSchema'), {
    isCredentialRejection: (error) => error.code === 'password_mismatch',
  });
}

/** POST users/undo-email-change with the token of the link mailed to the old address; resolves to the answer's message. */
export async function undoEmailChange(
  token: string,
  client: TApiClient = anonymous,
): Promise<{ email: string; message: string | undefined }> {
  const envelope = await client.post(
    'users/undo-email-change',
    { token },
    lazySchema('ZUndoEmailChangeResponseSchema'),
  );
  return { email: envelope.data.email, message: envelope.message };
}

/**
 * PATCH users/password/{id}: the user's own change answers a fresh session (the old ones are revoked). A 401
 * password_mismatch answers the current password, not the session, so it is not refreshed.
 */
export async function updatePassword(
  userId: string,
  input: TUpdatePasswordRequest,
  client: TApiClient = api,
): Promise<TUpdatePasswordResponse> {
  return client.patch(
    `users/password/${encodeURIComponent(userId)}`,
    input,
    lazySchema('ZUpdatePasswordResponseSchema'),
    {
      isCredentialRejection: (error) => error.code === 'password_mismatch',
    },
  );
}

/** POST users/resend-confirmation: a new confirmation link for the signed-in user's e-mail. */
export async function resendEmailConfirmation(
  client: TApiClient = api,
): Promise<{ emailConfirmed: boolean; message: string | undefined }> {
  const envelope = await client.post(
    'users/resend-confirmation',
    undefined,
    lazySchema('ZResendConfirmationResponseSchema'),
  );
  return { emailConfirmed: envelope.data.emailConfirmed, message: envelope.message };
}
