import type { TCompanyValidateRequest } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import { signCompanyVerification } from './company-verification-token.js';
import { lookUpCompany } from './look-up-company.js';

/**
 * POST /companies/validate: looks the company up with Companies House and answers its registered name with a
 * signed, 30-minute verification token that lets the signup skip a second look-up. A refusal is a 400 with the reason.
 */
export async function issueCompanyVerification(
  client: CompaniesHouseClient,
  tokenSecret: string,
  input: TCompanyValidateRequest,
): Promise<{ name: string; companyNumber: string; verificationToken: string }> {
  const lookup = await lookUpCompany(client, input.companyNumber, input.companyName);
  if (!lookup.isVerified) {
    throw new AppError('validation_failed', lookup.message, {
      errors: [{ path: lookup.field, message: lookup.message }],
    });
  }
  return {
    name: lookup.registeredName,
    companyNumber: lookup.companyNumber,
    verificationToken: signCompanyVerification(
      { companyNumber: lookup.companyNumber, registeredName: lookup.registeredName },
      tokenSecret,
    ),
  };
}
