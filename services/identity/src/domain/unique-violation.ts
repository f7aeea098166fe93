import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

/** Whether a database error is Postgres' unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** A taken e-mail (a unique violation on users) as SPEC.md's 409; any other error unchanged. */
export function asDuplicateEmail(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return new AppError('duplicate_email', MESSAGES.signup.duplicateEmail, {
    errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
    cause: error,
  });
}
