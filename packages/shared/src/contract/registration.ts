import { z } from 'zod';
import { REGISTRATION_MAX_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

/** Upper-cases a registration or VIN and removes every space, as stored and searched. */
export function normaliseRegistration(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** A UK registration as typed: normalised, then 1 to 7 letters and digits. */
export const ZRegistrationSchema = z
  .string()
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.lookup.noRegistration)
      .max(REGISTRATION_MAX_LENGTH, MESSAGES.platform.registrationTooLong)
      .regex(/^[A-Z0-9]*$/, MESSAGES.platform.registrationInvalidCharacters),
  );
