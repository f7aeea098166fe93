import { isUkRegistration, MESSAGES, normaliseRegistration, REGISTRATION_MAX_LENGTH } from '@sh/shared/contract';
import type { TFormSchema } from './use-schema-form';

const REGISTRATION_CHARACTERS = /^[A-Z0-9]*$/;

/**
 * The lookup form's check: the contract's ZLookupRequestSchema (normalised, then 1 to 7 letters and digits in a UK
 * format, with its messages) without zod, so that the public pages a buyer opens first do not load a validation
 * library. test/registration-input.test.ts holds it to the contract's answers.
 */
export const lookupRegistrationSchema: TFormSchema<{ registration: string }> = {
  safeParse(input: unknown) {
    const raw =
      typeof input === 'object' && input !== null ? (input as { registration?: unknown }).registration : undefined;
    const registration = typeof raw === 'string' ? normaliseRegistration(raw) : '';
    const message =
      registration.length === 0
        ? MESSAGES.lookup.noRegistration
        : registration.length > REGISTRATION_MAX_LENGTH
          ? MESSAGES.platform.registrationTooLong
          : !REGISTRATION_CHARACTERS.test(registration)
            ? MESSAGES.platform.registrationInvalidCharacters
            : isUkRegistration(registration)
              ? null
              : MESSAGES.lookup.notUkRegistration;
    if (message) return { success: false, error: { issues: [{ path: ['registration'], message }] } };
    return { success: true, data: { registration } };
  },
};

const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/**
 * The VIN search's check: the contract's ZVinSchema (normalised, then 17 letters and digits without I, O or Q, with
 * its messages) without zod, as the registration's above.
 */
export const lookupVinSchema: TFormSchema<{ vin: string }> = {
  safeParse(input: unknown) {
    const raw = typeof input === 'object' && input !== null ? (input as { vin?: unknown }).vin : undefined;
    const vin = typeof raw === 'string' ? normaliseRegistration(raw) : '';
    const message =
      vin.length === 0 ? MESSAGES.records.vinRequired : VIN_PATTERN.test(vin) ? null : MESSAGES.records.vinInvalid;
    if (message) return { success: false, error: { issues: [{ path: ['vin'], message }] } };
    return { success: true, data: { vin } };
  },
};
