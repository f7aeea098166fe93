import {
  MESSAGES,
  PHONE_DIGITS,
  ZCreateGarageRequestSchema,
  ZResetPasswordRequestSchema,
  ZUpdateEmailRequestSchema,
  ZUpdatePasswordRequestSchema,
  type TUpdatePasswordRequest,
} from '@sh/shared/contract';

/**
 * The schemas of the forms that check more than the shared request schema does: each is built from the
 * shared one, with the checks only the page can make (a confirmation matches, a company was validated) as
 * refinements. Such checks stand beside the shared schema (`.and`) rather than after it, because a zod
 * refinement is skipped once a field has failed, and the page shows every message at once. A check's issue
 * names the field it is shown under, or none for the message above the form (see useSchemaForm).
 */

/** An object schema with no fields of its own that keeps every key: the base of the page's own checks. */
const ZWholeFormSchema = ZResetPasswordRequestSchema.pick({}).loose();

/** /reset-password: the shared request (token, password), and the confirmation must match. */
export const ZResetPasswordFormSchema = ZResetPasswordRequestSchema.and(
  ZWholeFormSchema.refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    error: MESSAGES.resetPassword.mismatch,
  }).transform(() => ({})),
);

/**
 * /account, Change password: every field filled, the new password typed twice alike, then the shared
 * request's length rule; each message stands above the form (docs/product.md#account-settings).
 */
export const ZPasswordChangeFormSchema = ZWholeFormSchema.refine(
  (form) => form.currentPassword !== '' && form.newPassword !== '' && form.confirmPassword !== '',
  { error: MESSAGES.settings.fillPasswordFields, abort: true },
)
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: MESSAGES.settings.newPasswordsMismatch,
    abort: true,
  })
  .transform((form): TUpdatePasswordRequest => ({
    currentPassword: String(form.currentPassword),
    password: String(form.newPassword),
  }))
  .pipe(ZUpdatePasswordRequestSchema);

/**
 * /account, Change email: the shared request (the new address, trimmed and lower-cased), and the current
 * password given, which the request leaves optional for an admin changing another user's address.
 */
export const ZEmailChangeFormSchema = ZUpdateEmailRequestSchema.and(
  ZWholeFormSchema.refine((form) => String(form.currentPassword ?? '') !== '', {
    path: ['currentPassword'],
    error: MESSAGES.identity.currentPasswordRequired,
  }).transform(() => ({})),
);

const isCompanyValidated = (form: Record<string, unknown>) => Boolean(form.company_verification_token);

/**
 * /signup: the shared POST garages request, plus the page's rules (docs/product.md#signup): the company
 * validated with Companies House (its proof is the verification token), the password confirmed, and a typed
 * referral code validated. Its input is the request with the typed referral code, `confirm_password` and
 * `is_referral_validated`; its output is the request to send.
 */
export const ZSignupFormSchema = ZCreateGarageRequestSchema.and(
  ZWholeFormSchema.refine(isCompanyValidated, {
    path: ['companies_house_number'],
    error: MESSAGES.signup.companyNotValidated,
  })
    .refine(isCompanyValidated, { error: MESSAGES.signup.validateCompanyFirst })
    .refine((form) => form.confirm_password === form.password, {
      path: ['confirm_password'],
      error: MESSAGES.signup.passwordsDoNotMatch,
    })
    .refine((form) => String(form.referral_code ?? '').trim() === '' || form.is_referral_validated === true, {
      path: ['referral_code'],
      error: MESSAGES.signup.referralNotValidated,
    })
    .transform(() => ({})),
);

/** A phone number as typed: digits only, at most 11 (docs/product.md#validation-rules). */
export function toPhoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}
