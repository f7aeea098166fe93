import { requiredText } from './text-fields.js';
import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { ZSignedInResponseSchema, ZSignedInSchema } from './identity.js';
import { MESSAGES } from './messages.js';

/**
 * Contract of two-step verification (TOTP, RFC 6238, with single-use recovery codes): the login's second step and
 * the enrolment the account page offers every user (required of admins in production). Browser-safe: zod only.
 */

/** Digits of the codes the platform's authenticator enrolments show. */
export const SECOND_FACTOR_CODE_DIGITS = 6;
/** How many recovery codes an enrolment gives out, each usable once in place of a code. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code or a recovery code, as typed (spaces kept: the domain reads either kind). */
const ZSecondFactorCodeSchema = z
  .string({ error: MESSAGES.secondFactor.codeRequired })
  .trim()
  .min(1, { error: MESSAGES.secondFactor.codeRequired, abort: true })
  .max(40, MESSAGES.secondFactor.codeIncorrect);

// POST /api/v1/auth/login/second-factor (the challenge login answered, and a code): answers like login.
export const ZLoginSecondFactorRequestSchema = z.object({
  challenge: requiredText(MESSAGES.secondFactor.challengeExpired, 4096),
  code: ZSecondFactorCodeSchema,
});
export type TLoginSecondFactorRequest = z.infer<typeof ZLoginSecondFactorRequestSchema>;
export const ZLoginSecondFactorResponseSchema = ZSignedInResponseSchema;
export type TLoginSecondFactorResponse = z.infer<typeof ZLoginSecondFactorResponseSchema>;

// GET /api/v1/users/second-factor: whether the caller's account has it on.
export const ZSecondFactorStatusResponseSchema = successEnvelope(
  z.object({ isEnabled: z.boolean(), isRequired: z.boolean(), recoveryCodesLeft: z.number().int().min(0) }),
);
export type TSecondFactorStatusResponse = z.infer<typeof ZSecondFactorStatusResponseSchema>;

// POST /api/v1/users/second-factor/enrolment: a new secret, shown until the enrolment is confirmed, never after.
export const ZStartSecondFactorEnrolmentResponseSchema = successEnvelope(
  z.object({
    /** The secret in base32, for typing into an app by hand. */
    secret: z.string(),
    /** The otpauth:// URI the QR code holds. */
    otpauthUri: z.string(),
    /** The QR code of otpauthUri, an SVG data: URL. */
    qrCode: z.string(),
  }),
);
export type TStartSecondFactorEnrolmentResponse = z.infer<typeof ZStartSecondFactorEnrolmentResponseSchema>;

// POST /api/v1/users/second-factor/enrolment/confirm: a code from the app proves it; answers the recovery codes once,
// and a session when the caller held only an enrolment token (an admin sent to enrol at login).
export const ZConfirmSecondFactorEnrolmentRequestSchema = z.object({ code: ZSecondFactorCodeSchema });
export type TConfirmSecondFactorEnrolmentRequest = z.infer<typeof ZConfirmSecondFactorEnrolmentRequestSchema>;
export const ZConfirmSecondFactorEnrolmentResponseSchema = successEnvelope(
  z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT), signedIn: ZSignedInSchema.optional() }),
);
export type TConfirmSecondFactorEnrolmentResponse = z.infer<typeof ZConfirmSecondFactorEnrolmentResponseSchema>;

// DELETE /api/v1/users/second-factor: the password and a code (or a recovery code) turn it off.
export const ZDisableSecondFactorRequestSchema = z.object({
  currentPassword: requiredText(
    MESSAGES.identity.currentPasswordRequired,
    1024,
    MESSAGES.identity.currentPasswordIncorrect,
  ),
  code: ZSecondFactorCodeSchema,
});
export type TDisableSecondFactorRequest = z.infer<typeof ZDisableSecondFactorRequestSchema>;
export const ZDisableSecondFactorResponseSchema = successEnvelope(z.object({}));
export type TDisableSecondFactorResponse = z.infer<typeof ZDisableSecondFactorResponseSchema>;
