import { MESSAGES, type TFieldError } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { GarageDuplicates } from '../store/find-garage-duplicates.js';

/**
 * A taken e-mail or company as the 409 of docs/product.md#signup, with a field error for each; the e-mail's message leads when both
 * are taken. Null when neither is.
 */
export function duplicateGarageError(duplicates: GarageDuplicates): AppError | null {
  const errors: TFieldError[] = [];
  if (duplicates.hasEmailDuplicate) errors.push({ path: 'email', message: MESSAGES.signup.duplicateEmail });
  if (duplicates.hasCompanyDuplicate)
    errors.push({ path: 'companies_house_number', message: MESSAGES.signup.duplicateCompany });
  const first = errors[0];
  if (!first) return null;
  return new AppError(duplicates.hasEmailDuplicate ? 'duplicate_email' : 'duplicate_company', first.message, {
    errors,
  });
}
