import { z } from 'zod';

/** One field's problem inside an error envelope. */
export const ZFieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldErrorSchema>;

/** The error envelope every service answers with (docs/architecture.md#the-api-contract). */
export const ZErrorEnvelopeSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(ZFieldErrorSchema).optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelopeSchema>;

/** Wraps a `data` schema in the success envelope. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string().optional(), data });
}

/** The machine codes an error envelope may carry, each with its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  password_mismatch: 401,
  /** A wrong or reused second-factor code (TOTP or recovery code). */
  second_factor_mismatch: 401,
  payment_required: 402,
  forbidden: 403,
  /** A call that spends the session cookie came without the SPA's header (SESSION_COOKIE.csrfHeader). */
  session_header_missing: 403,
  subscription_required: 403,
  email_not_confirmed: 403,
  /** A token that may only enrol a second factor (an admin in production without one): the SPA sends them to enrol. */
  second_factor_enrolment_required: 403,
  not_found: 404,
  conflict: 409,
  duplicate_email: 409,
  duplicate_company: 409,
  /** A body over its call's limit (the body parser's own, or a logo over 1 MB). */
  payload_too_large: 413,
  /** A body of a media type the call does not take (an unsupported charset, or a logo that is no PNG, JPEG or WebP). */
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;
