import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Logger, type Queryable } from '@sh/shared/server';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { verifyUserPassword } from './verify-user-password.js';

/**
 * A user proving it is them before a sensitive change of their own account (their e-mail): the current password
 * is required (400), checked against the same per-account budget as other services' re-checks (429 with
 * Retry-After once spent), and a wrong one is a 401 password_mismatch that counts against that budget. When the
 * budget's store did not answer, the check ran unbudgeted and `log` is warned.
 */
export async function assertCurrentPassword(
  db: Queryable,
  failureCounter: PasswordFailureCounter | null,
  userId: string,
  currentPassword: string | undefined,
  log?: Logger,
): Promise<void> {
  if (!currentPassword) {
    throw new AppError('validation_failed', MESSAGES.identity.currentPasswordRequired, {
      errors: [{ path: 'currentPassword', message: MESSAGES.identity.currentPasswordRequired }],
    });
  }
  const recheck = await verifyUserPassword(db, failureCounter, userId, currentPassword);
  if (recheck.outcome === 'blocked') {
    throw new AppError('rate_limited', MESSAGES.records.passwordAttemptsExceeded, {
      headers: { 'retry-after': String(recheck.retryAfterSeconds) },
    });
  }
  if (recheck.isBudgetUnavailable)
    log?.warn({ userId }, 'current password checked without its attempt budget: Redis did not answer');
  if (!recheck.valid) {
    throw new AppError('password_mismatch', MESSAGES.identity.currentPasswordIncorrect, {
      errors: [{ path: 'currentPassword', message: MESSAGES.identity.currentPasswordIncorrect }],
    });
  }
}
