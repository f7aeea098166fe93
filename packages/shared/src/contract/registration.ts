import { z } from 'zod';
import { normaliseRegistration, REGISTRATION_MAX_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';
import { isUkRegistration } from './patterns.js';

/**
 * A UK registration as typed into the public lookup, the chain check and the vehicle report: normalised, then 1 to 7
 * letters and digits in one of the UK formats (isUkRegistration). Checked before any outside call or query, so that a
 * made-up plate costs nothing; each check stops at its own message.
 */
export const ZRegistrationSchema = z
  .string()
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.lookup.noRegistration, abort: true })
      .max(REGISTRATION_MAX_LENGTH, { error: MESSAGES.platform.registrationTooLong, abort: true })
      .regex(/^[A-Z0-9]*$/, { error: MESSAGES.platform.registrationInvalidCharacters, abort: true })
      .refine(isUkRegistration, MESSAGES.lookup.notUkRegistration),
  );

/**
 * A registration a list is searched by (a garage's own records, the admin's records list): normalised, then matched
 * exactly (docs/product.md#service-record-manager: upper-cased); any letters and digits, as a stored one may be in no
 * UK format. Empty searches nothing.
 */
export const ZRegistrationSearchSchema = z
  .string()
  .max(32, MESSAGES.platform.registrationTooLong)
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .max(REGISTRATION_MAX_LENGTH, MESSAGES.platform.registrationTooLong)
      .regex(/^[A-Z0-9]*$/, MESSAGES.platform.registrationInvalidCharacters),
  );
