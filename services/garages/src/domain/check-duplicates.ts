import { MESSAGES, type TCheckDuplicatesRequest } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findGarageDuplicates } from '../store/find-garage-duplicates.js';
import { duplicateGarageError } from './duplicate-garage-error.js';

/** POST /garages/check-duplicates: whether the e-mail or the company already has a garage, with SPEC.md's message. */
export async function checkDuplicates(
  db: Queryable,
  input: TCheckDuplicatesRequest,
): Promise<{ hasEmailDuplicate: boolean; hasCompanyDuplicate: boolean; message: string }> {
  const duplicates = await findGarageDuplicates(db, input.email, input.companies_house_number);
  const message = duplicateGarageError(duplicates)?.message ?? MESSAGES.garages.noDuplicates;
  return { ...duplicates, message };
}
