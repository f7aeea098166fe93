import { requiredText } from './text-fields.js';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, SESSION_COOKIE, USER_TYPES } from './constants.js';
import { ZAdminReasonSchema } from './admin-reason.js';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './patterns.js';

/**
 * Contract of the identity service (auth/ and users/ of the API, and its /internal/ calls).
 * Browser-safe: zod only. The SPA imports the same schemas the server validates with.
 */

/** An e-mail as typed: trimmed and lower-cased, required, then the simple pattern. */
export const ZEmailSchema = z
  .string({ error: MESSAGES.signup.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.signup.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.signup.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, MESSAGES.signup.emailInvalid);

/** What a user is to the product (docs/product.md#what-it-is-for). */
export const ZUserTypeSchema = z.enum(USER_TYPES);
export type TUserType = z.infer<typeof ZUserTypeSchema>;

/** The role a user is created with; admin comes from the admin table, never from creation. */
export const ZUserRoleSchema = z.enum(['garage', 'none']);
export type TUserRole = z.infer<typeof ZUserRoleSchema>;

/**
 * A session as login and refresh answer it (data.session.*; docs/product.md#sessions). The refresh token is not in it: it
 * travels only in the HttpOnly session cookie (SESSION_COOKIE), out of reach of the page's scripts.
 */
export const ZSessionSchema = z.object({
  access_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  user: z.object({ id: z.string().uuid(), email: z.string() }),
});
export type TSession = z.infer<typeof ZSessionSchema>;

// POST /api/v1/auth/login
export const ZLoginRequestSchema = z.object({
  email: z
    .string({ error: MESSAGES.signup.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.signup.emailRequired)
    .max(254, MESSAGES.login.invalidCredentials),
  password: requiredText(MESSAGES.signup.passwordRequired, 1024, MESSAGES.login.invalidCredentials),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;
// A user whose e-mail is not confirmed yet may log in (the signup journey logs in straight away);
// emailConfirmed lets the SPA show a notice, and POST /users/resend-confirmation sends a new link.
/** A started session with what the SPA needs to know about its user (login, its second step, refresh). */
export const ZSignedInSchema = z.object({
  session: ZSessionSchema,
  userType: ZUserTypeSchema,
  emailConfirmed: z.boolean(),
});
export type TSignedIn = z.infer<typeof ZSignedInSchema>;
/** An answer that started a session (login without a second factor, its second step, refresh). */
export const ZSignedInResponseSchema = successEnvelope(ZSignedInSchema);
export type TSignedInResponse = z.infer<typeof ZSignedInResponseSchema>;
/**
 * Login's answer when the password was right but a second factor is still owed: the code (POST
 * auth/login/second-factor with the challenge), or, for an admin in production without one, its enrolment first
 * (the enrolment token may call users/second-factor/* only; confirming the enrolment answers the session).
 */
export const ZSecondFactorStepSchema = z.union([
  z.object({ secondFactorRequired: z.literal(true), challenge: z.string() }),
  z.object({ secondFactorEnrolmentRequired: z.literal(true), enrolmentToken: z.string() }),
]);
export type TSecondFactorStep = z.infer<typeof ZSecondFactorStepSchema>;
export const ZLoginResponseSchema = successEnvelope(z.union([ZSignedInSchema, ZSecondFactorStepSchema]));
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

/**
 * The headers of a call that spends the session cookie (refresh and logout): the SPA always sends
 * SESSION_COOKIE.csrfHeader, which a form or link of another site cannot, so a call without it is refused (403).
 */
export const ZSessionCookieHeadersSchema = z.object({
  [SESSION_COOKIE.csrfHeader]: z.literal(SESSION_COOKIE.csrfHeaderValue),
});

/** The session cookie as the refresh and logout calls read it (for the OpenAPI document). */
export const ZSessionCookieSchema = z.object({ [SESSION_COOKIE.name]: z.string().optional() });

// POST /api/v1/auth/refresh (no body: the session cookie's refresh token is rotated; answers like login, with a new cookie)
export const ZRefreshResponseSchema = ZSignedInResponseSchema;
export type TRefreshResponse = TSignedInResponse;

// POST /api/v1/auth/logout (no body: revokes the session cookie's family and clears the cookie)
export const ZLogoutResponseSchema = successEnvelope(z.object({}));
export type TLogoutResponse = z.infer<typeof ZLogoutResponseSchema>;

// GET /api/v1/auth/me
export const ZMeResponseSchema = successEnvelope(
  z.object({ id: z.string().uuid(), email: z.string(), userType: ZUserTypeSchema, emailConfirmed: z.boolean() }),
);
export type TMeResponse = z.infer<typeof ZMeResponseSchema>;

// GET /api/v1/auth/public-key
export const ZPublicKeyResponseSchema = successEnvelope(z.object({ publicKey: z.string() }));
export type TPublicKeyResponse = z.infer<typeof ZPublicKeyResponseSchema>;

// POST /api/v1/auth/forgot-password (always the same answer)
export const ZForgotPasswordRequestSchema = z.object({ email: ZEmailSchema });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;
export const ZForgotPasswordResponseSchema = successEnvelope(z.object({}));
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponseSchema>;

/** A new password where only the length counts (reset, account change). */
function newPasswordField(tooShort: string) {
  return z.string({ error: tooShort }).min(PASSWORD_MIN_LENGTH, tooShort).max(1024, tooShort);
}

// POST /api/v1/auth/reset-password
export const ZResetPasswordRequestSchema = z.object({
  token: requiredText(MESSAGES.resetPassword.invalidLink, 200),
  password: newPasswordField(MESSAGES.resetPassword.tooShort),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;
export const ZResetPasswordResponseSchema = successEnvelope(z.object({}));
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponseSchema>;

// POST /api/v1/users/confirm-email
export const ZConfirmEmailRequestSchema = z.object({
  token: z.string({ error: MESSAGES.confirmEmail.invalidLink }).trim().min(1, MESSAGES.confirmEmail.invalidLink),
});
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequestSchema>;
export const ZConfirmEmailResponseSchema = successEnvelope(z.object({}));
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponseSchema>;

// POST /api/v1/users/resend-confirmation (signed in; no body): a new confirmation link for the user's e-mail.
export const ZResendConfirmationResponseSchema = successEnvelope(z.object({ emailConfirmed: z.boolean() }));
export type TResendConfirmationResponse = z.infer<typeof ZResendConfirmationResponseSchema>;

/** The {id} of users/email|password|phone/{id}: a UUID (docs/product.md#validation-rules). */
export const ZUserIdParamSchema = z.object({ id: z.string().uuid(MESSAGES.platform.invalidRequest) });

/**
 * GET /internal/events/{id}/secret (internal token only): the secret fields (a one-time token) of an event identity
 * published, for its consumer to apply it; the job that carried it holds none. 404 once every subscriber completed
 * it (the fields are then dropped) or for an event without secret fields.
 */
export const ZEventIdParamSchema = z.object({ id: z.string().uuid(MESSAGES.platform.invalidRequest) });

// PATCH /api/v1/users/email/{id}
// currentPassword is required when a user changes their own e-mail (400 without it; a wrong one is 401
// password_mismatch and counts against the account's password re-check budget, 429 once spent); an admin
// changing another user's does not know it and need not. On a change the new address needs confirming, the
// old address is mailed a single-use undo link (7 days), every refresh token and open reset link of the user
// is revoked, and a user changing their own gets a fresh session in data.session so the page stays signed in.
// An admin changing another user's gives a reason (400 without it), kept in the audit of admin actions.
export const ZUpdateEmailRequestSchema = z.object({
  email: ZEmailSchema,
  currentPassword: z.string().max(1024).optional(),
  reason: ZAdminReasonSchema.optional(),
});
export type TUpdateEmailRequest = z.infer<typeof ZUpdateEmailRequestSchema>;
export const ZUpdateEmailResponseSchema = successEnvelope(
  z.object({ id: z.string().uuid(), email: z.string(), session: ZSessionSchema.optional() }),
);
export type TUpdateEmailResponse = z.infer<typeof ZUpdateEmailResponseSchema>;

// POST /api/v1/users/undo-email-change (public: the token of the link mailed to the old address)
// Restores the old address (as confirmed: following the link proves it), signs the user out everywhere and
// retires their open links. 400 for a bad, used or expired link; 409 when the old address now has another account.
export const ZUndoEmailChangeRequestSchema = z.object({
  token: z
    .string({ error: MESSAGES.identity.emailChangeUndoInvalid })
    .trim()
    .min(1, MESSAGES.identity.emailChangeUndoInvalid)
    .max(200, MESSAGES.identity.emailChangeUndoInvalid),
});
export type TUndoEmailChangeRequest = z.infer<typeof ZUndoEmailChangeRequestSchema>;
export const ZUndoEmailChangeResponseSchema = successEnvelope(z.object({ email: z.string() }));
export type TUndoEmailChangeResponse = z.infer<typeof ZUndoEmailChangeResponseSchema>;

// PATCH /api/v1/users/password/{id}
// currentPassword is required when a user changes their own password (400 without it; a wrong one is 401
// password_mismatch and counts against the account's password re-check budget, 429 once spent); an admin
// changing another user's does not know it, and gives a reason instead (400 without it), kept in the audit of
// admin actions (never the password). On success every refresh token of the user is revoked; a user changing
// their own password gets a fresh session in data.session so the page stays signed in.
export const ZUpdatePasswordRequestSchema = z.object({
  currentPassword: z.string().max(1024).optional(),
  reason: ZAdminReasonSchema.optional(),
  password: z
    .string({ error: MESSAGES.settings.fillPasswordFields })
    .min(1, { error: MESSAGES.settings.fillPasswordFields, abort: true })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.settings.newPasswordTooShort)
    .max(1024, MESSAGES.settings.newPasswordTooShort),
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequestSchema>;
export const ZUpdatePasswordResponseSchema = successEnvelope(
  z.object({ id: z.string().uuid(), session: ZSessionSchema.optional() }),
);
export type TUpdatePasswordResponse = z.infer<typeof ZUpdatePasswordResponseSchema>;

// POST /internal/users (service-to-service: garages' signup)
export const ZCreateUserRequestSchema = z.object({
  email: ZEmailSchema,
  password: z
    .string({ error: MESSAGES.signup.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.signup.passwordTooShort)
    .max(1024, MESSAGES.signup.passwordTooShort),
  role: ZUserRoleSchema,
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequestSchema>;
export const ZCreateUserResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));
export type TCreateUserResponse = z.infer<typeof ZCreateUserResponseSchema>;

// POST /internal/users/verify-password
export const ZVerifyPasswordRequestSchema = z.object({
  userId: z.string().uuid(MESSAGES.platform.invalidRequest),
  password: z.string().max(1024),
});
export type TVerifyPasswordRequest = z.infer<typeof ZVerifyPasswordRequestSchema>;
export const ZVerifyPasswordResponseSchema = successEnvelope(z.object({ valid: z.boolean() }));
export type TVerifyPasswordResponse = z.infer<typeof ZVerifyPasswordResponseSchema>;

// POST /internal/technicians/find: the technician of a garage of this name, as their account has it (the technician
// a garage system names when it logs a service with an API key: docs/architecture.md#api-keys).
export const ZFindTechnicianRequestSchema = z.object({
  garageId: z.string().uuid(MESSAGES.platform.invalidRequest),
  name: z.string().max(200),
});
export const ZFindTechnicianResponseSchema = successEnvelope(z.object({ name: z.string().nullable() }));

/** The most names one POST /internal/technicians/find-many asks (an import asks in calls of this many). */
export const TECHNICIAN_NAMES_ASKED_AT_ONCE = 200;

// POST /internal/technicians/find-many: for each of these names, the garage's technician so named as their account
// has it, or null; in the order asked (an import's preview checks every technician its file names in one call).
export const ZFindTechniciansRequestSchema = z.object({
  garageId: z.string().uuid(MESSAGES.platform.invalidRequest),
  names: z.array(z.string().max(200)).min(1).max(TECHNICIAN_NAMES_ASKED_AT_ONCE),
});
export const ZFindTechniciansResponseSchema = successEnvelope(z.object({ names: z.array(z.string().nullable()) }));

// DELETE /internal/users/{id}
export const ZDeleteUserResponseSchema = successEnvelope(z.object({ deleted: z.boolean() }));
export type TDeleteUserResponse = z.infer<typeof ZDeleteUserResponseSchema>;
