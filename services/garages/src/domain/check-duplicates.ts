import { MESSAGES, type TCheckDuplicatesRequest } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { isCompanyNumberTaken } from '../store/is-company-number-taken.js';

/**
 * POST /garages/check-duplicates: whether a garage already holds the company, with its MESSAGES.signup message. Never whether
 * an e-mail has an account: that is told only to whoever sends a whole signup (POST /garages' 409), under the
 * credential budget, so that this public call is no directory of who is registered.
 */
export async function checkDuplicates(
  db: Queryable,
  input: TCheckDuplicatesRequest,
): Promise<{ hasCompanyDuplicate: boolean; message: string }> {
  const hasCompanyDuplicate = await isCompanyNumberTaken(db, input.companies_house_number);
  return {
    hasCompanyDuplicate,
    message: hasCompanyDuplicate ? MESSAGES.signup.duplicateCompany : MESSAGES.garages.noDuplicates,
  };
}
