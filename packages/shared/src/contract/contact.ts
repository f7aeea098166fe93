import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, UK_PHONE_PATTERN } from './patterns.js';
import { MESSAGES } from './messages.js';
import { successEnvelope } from './envelope.js';

export const CONTACT_SUBJECTS = [
  'general',
  'garage-signup',
  'technical-support',
  'billing',
  'partnership',
  'feedback',
] as const;
export const BEST_TIMES = ['morning', 'afternoon', 'evening'] as const;

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/**
 * POST /api/v1/contact {name, email, subject, message}. Every field is required first ('All fields are
 * required.'), then the e-mail must look like one ('Invalid email format.'), trimmed and lower-cased.
 */
export const ZContactRequestSchema = z
  .object({
    name: requiredText(MESSAGES.contact.allRequired),
    email: requiredText(MESSAGES.contact.allRequired),
    subject: requiredText(MESSAGES.contact.allRequired),
    message: requiredText(MESSAGES.contact.allRequired),
  })
  .pipe(
    z.object({
      name: z.string().max(200, MESSAGES.contact.tooLong),
      email: z
        .string()
        .max(EMAIL_MAX_LENGTH, { error: MESSAGES.contact.invalidEmail, abort: true })
        .toLowerCase()
        .regex(EMAIL_PATTERN, MESSAGES.contact.invalidEmail),
      subject: z.enum(CONTACT_SUBJECTS, { error: MESSAGES.contact.subjectUnknown }),
      message: z.string().max(5000, MESSAGES.contact.tooLong),
    }),
  );
export type TContactRequest = z.infer<typeof ZContactRequestSchema>;

/**
 * POST /api/v1/contact/garage {full_name, garage_name, phone, best_time, message?, submitted_by?}.
 * submitted_by is not taken from the body: the server sets it from a valid access token, if one is sent.
 */
export const ZCallbackRequestSchema = z.object({
  full_name: requiredText(MESSAGES.callback.nameRequired).max(200, MESSAGES.contact.tooLong),
  garage_name: requiredText(MESSAGES.callback.nameRequired).max(200, MESSAGES.contact.tooLong),
  best_time: z.enum(BEST_TIMES, { error: MESSAGES.callback.bestTimeRequired }),
  phone: z
    .string({ error: MESSAGES.callback.phoneRequired })
    .transform((raw) => raw.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGES.callback.phoneRequired, abort: true })
        .regex(UK_PHONE_PATTERN, MESSAGES.signup.phoneInvalid),
    ),
  message: z
    .string()
    .trim()
    .max(2000, MESSAGES.contact.tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type TCallbackRequest = z.infer<typeof ZCallbackRequestSchema>;

export const ZContactResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));
export const ZCallbackResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));
