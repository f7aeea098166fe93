import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

/** A taken e-mail: SPEC.md's 409, with the message on the email field. */
export function duplicateEmailError(): AppError {
  return new AppError('duplicate_email', MESSAGES.signup.duplicateEmail, {
    errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
  });
}
