import { z } from 'zod';
import { ZAdminReasonSchema } from './admin-reason.js';
import { PASSWORD_MIN_LENGTH, REFERRAL_CODE_PATTERN } from './constants.js';
import { UK_PHONE_PATTERN } from './patterns.js';
import { successEnvelope } from './envelope.js';
import { ZEmailSchema } from './identity.js';
import { MESSAGES } from './messages.js';

/**
 * Contract of the garages service (companies/, garages/ and users/phone/ of the API).
 * Browser-safe: zod only. The SPA imports the same schemas the server validates with.
 */

/** 'The company name does not match the Companies House record (HARTLEY MOTORS LTD)'. */
export function companyNameMismatchMessage(registeredName: string): string {
  return `The company name does not match the Companies House record (${registeredName})`;
}

/**
 * A Companies House number as stored and sent: spaces removed, upper case, and a purely numeric number
 * padded with leading zeros to 8 digits (the register's own form: 1234567 is 01234567).
 */
export function normaliseCompanyNumber(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return /^\d{1,7}$/.test(compact) ? compact.padStart(8, '0') : compact;
}

/** 8 letters and digits once normalised (e.g. 01234567, SC123456). */
export const COMPANY_NUMBER_PATTERN = /^[A-Z0-9]{8}$/;

/** A UK phone number: spaces removed, then 11 digits starting with 0 (docs/product.md#validation-rules). */
export const ZUkPhoneSchema = z
  .string({ error: MESSAGES.signup.phoneRequired })
  .transform((raw) => raw.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.signup.phoneRequired, abort: true })
      .regex(UK_PHONE_PATTERN, MESSAGES.signup.phoneInvalid),
  );

/** The subscription states a garage's subscription_status holds (docs/product.md#subscription-states; canceled as Stripe spells it). */
export const ZGarageSubscriptionStatusSchema = z.enum(['inactive', 'trialing', 'active', 'past_due', 'canceled']);
export type TGarageSubscriptionStatus = z.infer<typeof ZGarageSubscriptionStatusSchema>;

/** A required, trimmed text field of the signup form. */
function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, message);
}

function companyNumberField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .transform(normaliseCompanyNumber)
    .pipe(
      z
        .string()
        .min(1, { error: requiredMessage, abort: true })
        .regex(COMPANY_NUMBER_PATTERN, MESSAGES.garages.companyNumberFormat),
    );
}

// POST /api/v1/companies/validate
// Failures: 400 validation_failed with MESSAGES.garages.companyNotFound / companyNotActive or
// companyNameMismatchMessage(registered name) and a field error; 502 bad_gateway with
// MESSAGES.signup.companyValidateFailed when Companies House cannot be reached; 429 rate_limited when our
// share of the Companies House allowance is used up (Retry-After says when to try again).
export const ZCompanyValidateRequestSchema = z.object({
  companyNumber: companyNumberField(MESSAGES.signup.validateNeedsNumber),
  companyName: requiredText(MESSAGES.signup.validateNeedsName),
});
export type TCompanyValidateRequest = z.infer<typeof ZCompanyValidateRequestSchema>;
export const ZCompanyValidateResponseSchema = successEnvelope(
  z.object({
    /** The registered name at Companies House. */
    name: z.string(),
    companyNumber: z.string(),
    /** Short-lived (30 minutes) signed proof of this check; POST /garages accepts it instead of re-checking. */
    verificationToken: z.string(),
  }),
);
export type TCompanyValidateResponse = z.infer<typeof ZCompanyValidateResponseSchema>;

// POST /api/v1/garages/check-duplicates (public, under the gateway's credential budget)
// Whether a garage already holds the company number, before the signup is sent. It answers nothing about an e-mail
// (an address sent is ignored): who has an account is told to no anonymous caller, as on login and reset. A taken
// address is answered when the signup itself is sent (POST /garages: 409 duplicate_email, sign in or reset the
// password), under the same budget. Whether a company is registered is no personal data, and largely public already
// (its name is on every record it signs in the public lookup).
export const ZCheckDuplicatesRequestSchema = z.object({
  companies_house_number: companyNumberField(MESSAGES.signup.companyNumberRequired),
});
export type TCheckDuplicatesRequest = z.infer<typeof ZCheckDuplicatesRequestSchema>;
export const ZCheckDuplicatesResponseSchema = successEnvelope(
  z.object({ hasCompanyDuplicate: z.boolean(), message: z.string() }),
);
export type TCheckDuplicatesResponse = z.infer<typeof ZCheckDuplicatesResponseSchema>;

/** A referral code as typed: trimmed and upper-cased. */
const referralCodeField = z
  .string({ error: MESSAGES.signup.referralRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGES.signup.referralRequired, abort: true })
  .max(40, MESSAGES.signup.referralInvalid);

// POST /api/v1/garages/validate-referral
// An unknown code answers 200 with valid false, referrerName null and message MESSAGES.signup.referralInvalid.
export const ZValidateReferralRequestSchema = z.object({ referralCode: referralCodeField });
export type TValidateReferralRequest = z.infer<typeof ZValidateReferralRequestSchema>;
export const ZValidateReferralResponseSchema = successEnvelope(
  z.object({ valid: z.boolean(), referrerName: z.string().nullable() }),
);
export type TValidateReferralResponse = z.infer<typeof ZValidateReferralResponseSchema>;

/** The signup password: required, at least 6 characters, one uppercase letter (docs/product.md#validation-rules). */
export const ZSignupPasswordSchema = z
  .string({ error: MESSAGES.signup.passwordRequired })
  .min(1, { error: MESSAGES.signup.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.signup.passwordTooShort, abort: true })
  .max(1024, MESSAGES.signup.passwordTooShort)
  .regex(/[A-Z]/, MESSAGES.signup.passwordNeedsUppercase);

// POST /api/v1/garages (docs/product.md#signup)
// 400 validation_failed with the messages of docs/product.md#validation-rules and field errors; a company that
// fails the Companies House check answers MESSAGES.signup.companyNotValidated with the reason as the
// companies_house_number field error; 409 duplicate_email / duplicate_company with their MESSAGES.signup messages;
// 500 internal with MESSAGES.signup.garageCreateFailed when the garage cannot be stored (no user is left behind).
export const ZCreateGarageRequestSchema = z.object({
  name: requiredText(MESSAGES.signup.garageNameRequired),
  email: ZEmailSchema,
  phone: ZUkPhoneSchema,
  companies_house_number: companyNumberField(MESSAGES.signup.companyNumberRequired),
  full_name: requiredText(MESSAGES.garages.fullNameRequired),
  address: requiredText(MESSAGES.garages.addressRequired, 500),
  password: ZSignupPasswordSchema,
  referral_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(40, MESSAGES.signup.referralNotValidated)
    .nullish()
    .transform((code) => (code ? code : null)),
  company_verification_token: z.string().max(2000).optional(),
});
export type TCreateGarageRequest = z.input<typeof ZCreateGarageRequestSchema>;
export const ZCreateGarageResponseSchema = successEnvelope(
  z.object({
    garage: z.object({
      id: z.string().uuid(),
      name: z.string(),
      referral_code: z.string().regex(REFERRAL_CODE_PATTERN),
    }),
  }),
);
export type TCreateGarageResponse = z.infer<typeof ZCreateGarageResponseSchema>;

/** The signed-in garage's own profile. */
export const ZGarageProfileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  referral_code: z.string(),
  subscription_status: ZGarageSubscriptionStatusSchema,
  created_at: z.string(),
  /** Its public page, /garages/{slug}, and what the owner wrote there (docs/product.md#garage-profiles). */
  slug: z.string(),
  opening_hours: z.string(),
  services_offered: z.string(),
  logo_url: z.string().nullable(),
});
export type TGarageProfile = z.infer<typeof ZGarageProfileSchema>;

// GET /api/v1/garages/me
export const ZGarageProfileResponseSchema = successEnvelope(z.object({ garage: ZGarageProfileSchema }));
export type TGarageProfileResponse = z.infer<typeof ZGarageProfileResponseSchema>;

// PATCH /api/v1/users/phone/{id}
// The garage itself, or an admin, who gives a reason (400 without it), kept in the audit of admin actions.
export const ZUpdatePhoneRequestSchema = z.object({ phone: ZUkPhoneSchema, reason: ZAdminReasonSchema.optional() });
export type TUpdatePhoneRequest = z.input<typeof ZUpdatePhoneRequestSchema>;
export const ZUpdatePhoneResponseSchema = successEnvelope(z.object({ id: z.string().uuid(), phone: z.string() }));
export type TUpdatePhoneResponse = z.infer<typeof ZUpdatePhoneResponseSchema>;

// POST /api/v1/garages/{id}/release-company (admin only)
// Frees the company number a garage holds while its e-mail has never been confirmed (a signup squatting on a
// company), so the company can sign up; the garage is told by e-mail. 409 conflict when the garage's e-mail is
// confirmed (MESSAGES.garages.releaseRefusedConfirmed) or it holds no company number any more.
export const ZReleaseCompanyResponseSchema = successEnvelope(
  z.object({ id: z.string().uuid(), released_company_number: z.string() }),
);
export type TReleaseCompanyResponse = z.infer<typeof ZReleaseCompanyResponseSchema>;
