import { MESSAGES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { duplicateEmailError } from './duplicate-email-error.js';

describe('duplicateEmailError', () => {
  it("is the signup's 409 with the message on the email field", () => {
    expect(duplicateEmailError()).toMatchObject({
      status: 409,
      code: 'duplicate_email',
      message: MESSAGES.signup.duplicateEmail,
      errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
    });
  });
});
