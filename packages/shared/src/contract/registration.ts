import { z } from 'zod';
import { normaliseRegistration, REGISTRATION_MAX_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

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
