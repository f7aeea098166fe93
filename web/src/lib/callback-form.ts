import { BEST_TIMES, ZCallbackRequestSchema, type TCallbackRequest } from '@sh/shared/contract';
import { firstIssueByPath, toFieldErrors } from './form-errors';

export type TBestTime = (typeof BEST_TIMES)[number];

/** The callback form's fields, as the page holds them (bestTime is '' until one is chosen). */
export type TCallbackValues = { fullName: string; garageName: string; phone: string; bestTime: TBestTime | ''; message: string };
export type TCallbackField = keyof TCallbackValues;
export type TCallbackErrors = Partial<Record<TCallbackField, string>>;

export const BEST_TIME_LABELS: Readonly<Record<TBestTime, string>> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

export const BEST_TIME_OPTIONS = BEST_TIMES.map((value) => ({ value, label: BEST_TIME_LABELS[value] }));

export const EMPTY_CALLBACK_VALUES: TCallbackValues = { fullName: '', garageName: '', phone: '', bestTime: '', message: '' };

/** The order the fields appear in, so the first error can take the focus. */
export const CALLBACK_FIELD_ORDER: readonly TCallbackField[] = ['fullName', 'garageName', 'phone', 'bestTime', 'message'];

const FIELD_OF_PATH: Record<string, TCallbackField> = {
  full_name: 'fullName',
  garage_name: 'garageName',
  phone: 'phone',
  best_time: 'bestTime',
  message: 'message',
};

/** The server's field errors (keyed by API path) on the form's fields. */
export function toCallbackErrors(byPath: Record<string, string>): TCallbackErrors {
  return toFieldErrors(byPath, FIELD_OF_PATH);
}

/**
 * Checks the form with the schema the server uses (SPEC.md section 5): full name and garage name, the best
 * time to call, and a UK phone number (11 digits starting with 0). An empty message is sent as null;
 * submitted_by is not sent, the server takes it from the access token when the visitor is signed in.
 */
export function parseCallbackForm(values: TCallbackValues): { request: TCallbackRequest } | { errors: TCallbackErrors } {
  const parsed = ZCallbackRequestSchema.safeParse({
    full_name: values.fullName,
    garage_name: values.garageName,
    phone: values.phone,
    best_time: values.bestTime,
    message: values.message,
  });
  if (parsed.success) return { request: parsed.data };
  return { errors: toCallbackErrors(firstIssueByPath(parsed.error.issues)) };
}
