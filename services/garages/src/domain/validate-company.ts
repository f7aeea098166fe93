import type { TCompanyValidateRequest } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import { checkCompany } from './check-company.js';
import { signCompanyVerification } from './company-verification-token.js';

/**
 * POST /companies/validate: checks the company with Companies House and answers its registered name with a
 * signed, 30-minute token that lets the signup skip a second look-up. A refusal is a 400 with the reason.
 */
export async function validateCompany(
  client: CompaniesHouseClient,
  tokenSecret: string,
  input: TCompanyValidateRequest,
): Promise<{ name: string; companyNumber: string; verificationToken: string }> {
  const check = await checkCompany(client, input.companyNumber, input.companyName);
  if (!check.isVerified) {
    throw new AppError('validation_failed', check.message, { errors: [{ path: check.field, message: check.message }] });
  }
  return {
    name: check.registeredName,
    companyNumber: check.companyNumber,
    verificationToken: signCompanyVerification({ companyNumber: check.companyNumber, registeredName: check.registeredName }, tokenSecret),
  };
}
