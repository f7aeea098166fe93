import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, UK_PHONE_PATTERN } from './patterns.js';
import { MESSAGES } from './messages.js';
import { successEnvelope } from './envelope.js';

/**
 * The contact and call-back forms' messages (docs/product.md names them by key), apart from MESSAGES: only those
 * forms and notifications read them, so the first page a visitor opens does not carry them.
 */
export const CONTACT_MESSAGES = {
  callback: {
    nameRequired: 'Please provide your full name and garage name',
    bestTimeRequired: 'Please select the best time to call',
    phoneRequired: 'Phone number is required',
    failed: 'Failed to submit your request. Please try again.',
    success: "Thanks! We'll be in touch shortly.",
  },
  contact: {
    allRequired: 'All fields are required.',
    invalidEmail: 'Invalid email format.',
    failed: 'Failed to send message.',
    success: 'Message sent successfully! We will respond within 24 hours.',
    subjectUnknown: 'Please choose a subject from the list',
    tooLong: 'Please shorten your message',
  },
} as const;

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
    name: requiredText(CONTACT_MESSAGES.contact.allRequired),
    email: requiredText(CONTACT_MESSAGES.contact.allRequired),
    subject: requiredText(CONTACT_MESSAGES.contact.allRequired),
    message: requiredText(CONTACT_MESSAGES.contact.allRequired),
  })
  .pipe(
    z.object({
      name: z.string().max(200, CONTACT_MESSAGES.contact.tooLong),
      email: z
        .string()
        .max(EMAIL_MAX_LENGTH, { error: CONTACT_MESSAGES.contact.invalidEmail, abort: true })
        .toLowerCase()
        .regex(EMAIL_PATTERN, CONTACT_MESSAGES.contact.invalidEmail),
      subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.contact.subjectUnknown }),
      message: z.string().max(5000, CONTACT_MESSAGES.contact.tooLong),
    }),
  );
export type TContactRequest = z.infer<typeof ZContactRequestSchema>;

/**
 * POST /api/v1/contact/garage {full_name, garage_name, phone, best_time, message?, submitted_by?}.
 * submitted_by is not taken from the body: the server sets it from a valid access token, if one is sent.
 */
export const ZCallbackRequestSchema = z.object({
  full_name: requiredText(CONTACT_MESSAGES.callback.nameRequired).max(200, CONTACT_MESSAGES.contact.tooLong),
  garage_name: requiredText(CONTACT_MESSAGES.callback.nameRequired).max(200, CONTACT_MESSAGES.contact.tooLong),
  best_time: z.enum(BEST_TIMES, { error: CONTACT_MESSAGES.callback.bestTimeRequired }),
  phone: z
    .string({ error: CONTACT_MESSAGES.callback.phoneRequired })
    .transform((raw) => raw.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: CONTACT_MESSAGES.callback.phoneRequired, abort: true })
        .regex(UK_PHONE_PATTERN, MESSAGES.signup.phoneInvalid),
    ),
  message: z
    .string()
    .trim()
    .max(2000, CONTACT_MESSAGES.contact.tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type TCallbackRequest = z.infer<typeof ZCallbackRequestSchema>;

export const ZContactResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));
export const ZCallbackResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));
