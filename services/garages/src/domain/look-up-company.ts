import { companyNameMismatchMessage, MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import {
  CompaniesHouseRateLimitedError,
  CompaniesHouseUnavailableError,
  type CompaniesHouseClient,
} from '../clients/companies-house.js';
import { companyNamesMatch } from './company-name.js';

/** What Companies House said about a number and a typed name. */
export type CompanyLookup =
  | { isVerified: true; companyNumber: string; registeredName: string }
  | { isVerified: false; field: 'companyNumber' | 'companyName'; message: string };

/**
 * Asks Companies House about a company: it must exist, be active, and carry the typed name. A Companies
 * House that cannot be reached is a 502 with MESSAGES.signup.companyValidateFailed; our allowance used up is a 429.
 */
export async function lookUpCompany(
  client: CompaniesHouseClient,
  companyNumber: string,
  companyName: string,
): Promise<CompanyLookup> {
  const profile = await client.getCompany(companyNumber).catch(rethrowAsAppError);
  if (!profile) return { isVerified: false, field: 'companyNumber', message: MESSAGES.garages.companyNotFound };
  if (profile.companyStatus !== 'active')
    return { isVerified: false, field: 'companyNumber', message: MESSAGES.garages.companyNotActive };
  if (!companyNamesMatch(companyName, profile.companyName)) {
    return { isVerified: false, field: 'companyName', message: companyNameMismatchMessage(profile.companyName) };
  }
  return { isVerified: true, companyNumber: profile.companyNumber, registeredName: profile.companyName };
}

/** The client's failures in the API's terms: used-up allowance 429 with Retry-After, unreachable 502. */
function rethrowAsAppError(error: unknown): never {
  if (error instanceof CompaniesHouseRateLimitedError) {
    throw new AppError('rate_limited', MESSAGES.platform.rateLimited, {
      cause: error,
      headers: { 'retry-after': String(Math.ceil(error.retryAfterMs / 1000)) },
    });
  }
  if (error instanceof CompaniesHouseUnavailableError) {
    throw new AppError('bad_gateway', MESSAGES.signup.companyValidateFailed, { cause: error });
  }
  throw error;
}
