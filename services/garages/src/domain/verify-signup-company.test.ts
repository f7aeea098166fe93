import { companyNameMismatchMessage, MESSAGES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import { signCompanyVerification } from './company-verification-token.js';
import { verifySignupCompany } from './verify-signup-company.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const hartley = { companyNumber: '04879592', companyName: 'HARTLEY MOTORS LTD', companyStatus: 'active' };

/** A Companies House with one company that counts how often it is asked. */
function countingCompaniesHouse(): CompaniesHouseClient & { calls: number } {
  const client = {
    calls: 0,
    async getCompany(companyNumber: string) {
      client.calls += 1;
      return companyNumber === hartley.companyNumber ? hartley : null;
    },
  };
  return client;
}

const tokenFor = (companyNumber: string, registeredName: string) =>
  signCompanyVerification({ companyNumber, registeredName }, secret);

describe('verifySignupCompany', () => {
  it('trusts a valid token for the same number and name without asking Companies House', async () => {
    const companiesHouse = countingCompaniesHouse();
    const name = await verifySignupCompany(
      { companiesHouse, companyTokenSecret: secret },
      {
        name: 'Hartley Motors',
        companies_house_number: '04879592',
        company_verification_token: tokenFor('04879592', 'HARTLEY MOTORS LTD'),
      },
    );
    expect(name).toBe('HARTLEY MOTORS LTD');
    expect(companiesHouse.calls).toBe(0);
  });

  it.each([
    ['no token', undefined],
    ['a token for another number', tokenFor('11343566', 'HARTLEY MOTORS LTD')],
    [
      'a token signed with another secret',
      signCompanyVerification(
        { companyNumber: '04879592', registeredName: 'HARTLEY MOTORS LTD' },
        'another-secret-of-thirty-two-characters',
      ),
    ],
    ['a token that is not one', 'garbage'],
  ])('asks Companies House again with %s', async (_label, token) => {
    const companiesHouse = countingCompaniesHouse();
    const name = await verifySignupCompany(
      { companiesHouse, companyTokenSecret: secret },
      { name: 'Hartley Motors Ltd', companies_house_number: '04879592', company_verification_token: token },
    );
    expect(name).toBe('HARTLEY MOTORS LTD');
    expect(companiesHouse.calls).toBe(1);
  });

  it('asks again when the garage name no longer matches the token, and refuses the mismatch on the name field', async () => {
    const companiesHouse = countingCompaniesHouse();
    const verifying = verifySignupCompany(
      { companiesHouse, companyTokenSecret: secret },
      {
        name: 'Hartley Motor Services',
        companies_house_number: '04879592',
        company_verification_token: tokenFor('04879592', 'HARTLEY MOTORS LTD'),
      },
    );
    await expect(verifying).rejects.toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.signup.companyNotValidated,
      errors: [{ path: 'name', message: companyNameMismatchMessage('HARTLEY MOTORS LTD') }],
    });
    expect(companiesHouse.calls).toBe(1);
  });

  it('refuses an unknown company on the companies_house_number field', async () => {
    const verifying = verifySignupCompany(
      { companiesHouse: countingCompaniesHouse(), companyTokenSecret: secret },
      { name: 'Phantom Motors', companies_house_number: '99999998' },
    );
    await expect(verifying).rejects.toMatchObject({
      message: MESSAGES.signup.companyNotValidated,
      errors: [{ path: 'companies_house_number', message: MESSAGES.garages.companyNotFound }],
    });
  });
});
