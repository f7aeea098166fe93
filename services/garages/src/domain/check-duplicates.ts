import { MESSAGES, type TCheckDuplicatesRequest } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findDuplicates } from '../store/garages.js';

/** POST /garages/check-duplicates: whether the e-mail or the company already has a garage, with SPEC.md's message. */
export async function checkDuplicates(
  db: Queryable,
  input: TCheckDuplicatesRequest,
): Promise<{ hasEmailDuplicate: boolean; hasCompanyDuplicate: boolean; message: string }> {
  const duplicates = await findDuplicates(db, input.email, input.companies_house_number);
  const message = duplicates.hasEmailDuplicate
    ? MESSAGES.signup.duplicateEmail
    : duplicates.hasCompanyDuplicate
      ? MESSAGES.signup.duplicateCompany
      : MESSAGES.garages.noDuplicates;
  return { ...duplicates, message };
}
