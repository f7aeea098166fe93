import { MESSAGES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { duplicateGarageError } from './duplicate-garage-error.js';

describe('duplicateGarageError', () => {
  it('is null when neither the e-mail nor the company is taken', () => {
    expect(duplicateGarageError({ hasEmailDuplicate: false, hasCompanyDuplicate: false })).toBeNull();
  });

  it('is a 409 on the field that is taken', () => {
    expect(duplicateGarageError({ hasEmailDuplicate: true, hasCompanyDuplicate: false })).toMatchObject({
      status: 409,
      code: 'duplicate_email',
      message: MESSAGES.signup.duplicateEmail,
      errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
    });
    expect(duplicateGarageError({ hasEmailDuplicate: false, hasCompanyDuplicate: true })).toMatchObject({
      status: 409,
      code: 'duplicate_company',
      message: MESSAGES.signup.duplicateCompany,
      errors: [{ path: 'companies_house_number', message: MESSAGES.signup.duplicateCompany }],
    });
  });

  it('leads with the e-mail when both are taken, with an error for each field', () => {
    expect(duplicateGarageError({ hasEmailDuplicate: true, hasCompanyDuplicate: true })).toMatchObject({
      code: 'duplicate_email',
      message: MESSAGES.signup.duplicateEmail,
      errors: [
        { path: 'email', message: MESSAGES.signup.duplicateEmail },
        { path: 'companies_house_number', message: MESSAGES.signup.duplicateCompany },
      ],
    });
  });
});
