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
