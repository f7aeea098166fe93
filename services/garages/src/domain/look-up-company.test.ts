import { companyNameMismatchMessage, MESSAGES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import {
  CompaniesHouseRateLimitedError,
  CompaniesHouseUnavailableError,
  type CompaniesHouseClient,
  type CompanyProfile,
} from '../clients/companies-house.js';
import { lookUpCompany } from './look-up-company.js';

/** A Companies House that knows one company, or fails the way it is told to. */
function companiesHouseWith(answer: CompanyProfile | null | Error): CompaniesHouseClient {
  return {
    getCompany: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const hartley = { companyNumber: '04879592', companyName: 'HARTLEY MOTORS LTD', companyStatus: 'active' };

describe('lookUpCompany', () => {
  it('verifies an active company whose registered name is the typed one', async () => {
    expect(await lookUpCompany(companiesHouseWith(hartley), '04879592', 'Hartley Motors Limited')).toEqual({
      isVerified: true,
      companyNumber: '04879592',
      registeredName: 'HARTLEY MOTORS LTD',
    });
  });

  it('refuses an unknown number, a company that is not active and another name, each on its field', async () => {
    expect(await lookUpCompany(companiesHouseWith(null), '99999999', 'Hartley Motors')).toEqual({
      isVerified: false,
      field: 'companyNumber',
      message: MESSAGES.garages.companyNotFound,
    });
    expect(
      await lookUpCompany(companiesHouseWith({ ...hartley, companyStatus: 'dissolved' }), '04879592', 'Hartley Motors'),
    ).toEqual({
      isVerified: false,
      field: 'companyNumber',
      message: MESSAGES.garages.companyNotActive,
    });
    expect(await lookUpCompany(companiesHouseWith(hartley), '04879592', 'Hartley Motor Services')).toEqual({
      isVerified: false,
      field: 'companyName',
      message: companyNameMismatchMessage('HARTLEY MOTORS LTD'),
    });
  });

  it('answers a used-up allowance with 429 and Retry-After in whole seconds, rounded up', async () => {
    const lookup = lookUpCompany(
      companiesHouseWith(new CompaniesHouseRateLimitedError(1500)),
      '04879592',
      'Hartley Motors',
    );
    await expect(lookup).rejects.toMatchObject({
      code: 'rate_limited',
      message: MESSAGES.platform.rateLimited,
      headers: { 'retry-after': '2' },
    });
  });

  it('answers an unreachable Companies House with 502 and the shared message, and lets other errors through', async () => {
    await expect(
      lookUpCompany(companiesHouseWith(new CompaniesHouseUnavailableError('down')), '04879592', 'Hartley'),
    ).rejects.toMatchObject({
      code: 'bad_gateway',
      message: MESSAGES.signup.companyValidateFailed,
    });
    const bug = new TypeError('a bug');
    await expect(lookUpCompany(companiesHouseWith(bug), '04879592', 'Hartley')).rejects.toBe(bug);
  });
});
