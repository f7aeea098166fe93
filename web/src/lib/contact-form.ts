import { CONTACT_SUBJECTS, ZContactRequestSchema, type TContactRequest } from '@sh/shared/contract';
import { firstIssueByPath, toFieldErrors } from './form-errors';

/** The contact form's fields, as the page holds them. */
export type TContactValues = { name: string; email: string; subject: string; message: string };
export type TContactField = keyof TContactValues;
export type TContactErrors = Partial<Record<TContactField, string>>;

export type TContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The subjects a visitor can choose, in the list's order, with the words shown for each. */
export const CONTACT_SUBJECT_LABELS: Readonly<Record<TContactSubject, string>> = {
  general: 'General enquiry',
  'garage-signup': 'Registering a garage',
  'technical-support': 'Technical support',
  billing: 'Billing and subscriptions',
  partnership: 'Partnerships',
  feedback: 'Feedback',
};

export const CONTACT_SUBJECT_OPTIONS = CONTACT_SUBJECTS.map((value) => ({ value, label: CONTACT_SUBJECT_LABELS[value] }));

export const EMPTY_CONTACT_VALUES: TContactValues = { name: '', email: '', subject: '', message: '' };

/** The order the fields appear in, so the first error can take the focus. */
export const CONTACT_FIELD_ORDER: readonly TContactField[] = ['name', 'email', 'subject', 'message'];

const FIELD_OF_PATH: Record<string, TContactField> = { name: 'name', email: 'email', subject: 'subject', message: 'message' };

/** The server's field errors (keyed by API path) on the form's fields. */
export function toContactErrors(byPath: Record<string, string>): TContactErrors {
  return toFieldErrors(byPath, FIELD_OF_PATH);
}

/**
 * Checks the form with the schema the server uses (SPEC.md section 5): every field required ('All fields
 * are required.'), then the e-mail's format ('Invalid email format.'). The request has every value trimmed
 * and the e-mail lower-cased. React escapes the values wherever they are shown, so they are sent as typed.
 */
export function parseContactForm(values: TContactValues): { request: TContactRequest } | { errors: TContactErrors } {
  const parsed = ZContactRequestSchema.safeParse(values);
  if (parsed.success) return { request: parsed.data };
  return { errors: toContactErrors(firstIssueByPath(parsed.error.issues)) };
}
