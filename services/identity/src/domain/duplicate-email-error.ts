import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

/** A taken e-mail: the 409 of docs/product.md#signup, with the message on the email field. */
export function duplicateEmailError(): AppError {
  return new AppError('duplicate_email', MESSAGES.signup.duplicateEmail, {
    errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
  });
}
