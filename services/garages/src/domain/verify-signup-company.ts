import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import { companyNamesMatch } from './company-name.js';
import { readCompanyVerification } from './company-verification-token.js';
import { lookUpCompany } from './look-up-company.js';

/**
 * The registered name of a signup's company. A valid verification token (from /companies/validate) for this
 * number whose name matches the typed garage name is trusted; anything else (no token, expired, altered, another
 * number, a renamed garage) is looked up with Companies House again. A refusal is a 400 "Please validate your
 * company details" with the reason on the field it concerns.
 */
export async function verifySignupCompany(
  deps: { companiesHouse: CompaniesHouseClient; companyTokenSecret: string },
  signup: { name: string; companies_house_number: string; company_verification_token?: string | undefined },
): Promise<string> {
  const token = signup.company_verification_token;
  const vouched = token ? readCompanyVerification(token, deps.companyTokenSecret) : null;
  if (
    vouched &&
    vouched.companyNumber === signup.companies_house_number &&
    companyNamesMatch(signup.name, vouched.registeredName)
  ) {
    return vouched.registeredName;
  }
  const lookup = await lookUpCompany(deps.companiesHouse, signup.companies_house_number, signup.name);
  if (lookup.isVerified) return lookup.registeredName;
  throw new AppError('validation_failed', MESSAGES.signup.companyNotValidated, {
    errors: [{ path: lookup.field === 'companyName' ? 'name' : 'companies_house_number', message: lookup.message }],
  });
}
