import type { Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { readPasswordFailures } from '../store/read-password-failures.js';
import { recordPasswordFailure } from '../store/record-password-failure.js';
import { verifyPassword } from './passwords.js';

/** Wrong re-checks an account may give before it has to wait (another service's secure step, not a login). */
export const PASSWORD_RECHECK_BUDGET = { failures: 5, windowSeconds: 15 * 60 } as const;

export type PasswordRecheck = { outcome: 'checked'; valid: boolean } | { outcome: 'blocked'; retryAfterSeconds: number };

/**
 * Re-checks a user's password for another service (a garage signing a record). An unknown user is simply not
 * valid. Wrong answers count against a per-account budget (when a counter is given), so the check cannot be used
 * to guess a password: once it is spent, nothing is checked until the window ends.
 */
export async function verifyUserPassword(
  db: Queryable,
  failureCounter: PasswordFailureCounter | null,
  userId: string,
  password: string,
): Promise<PasswordRecheck> {
  if (failureCounter) {
    const { failures, retryAfterSeconds } = await readPasswordFailures(failureCounter, userId);
    if (failures >= PASSWORD_RECHECK_BUDGET.failures) return { outcome: 'blocked', retryAfterSeconds };
  }
  const user = await findUserById(db, userId);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!valid && failureCounter) await recordPasswordFailure(failureCounter, userId, PASSWORD_RECHECK_BUDGET.windowSeconds);
  return { outcome: 'checked', valid };
}
