import { z } from 'zod';

/**
 * A text field the user must fill: missing or empty is `message`, longer than `maxLength` is `tooLongMessage` (by
 * default the same message, for a field whose limit no honest entry reaches).
 */
export function requiredText(message: string, maxLength: number, tooLongMessage: string = message) {
  return z.string({ error: message }).min(1, message).max(maxLength, tooLongMessage);
}
