import type { Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { readPasswordFailures } from '../store/read-password-failures.js';
import { recordPasswordFailure } from '../store/record-password-failure.js';
import { verifyPassword } from './passwords.js';

/** Wrong re-checks an account may give before it has to wait (another service's secure step, not a login). */
export const PASSWORD_RECHECK_BUDGET = { failures: 5, windowSeconds: 15 * 60 } as const;

export type PasswordRecheck =
  | { outcome: 'checked'; valid: boolean; isBudgetUnavailable: boolean }
  | { outcome: 'blocked'; retryAfterSeconds: number };

/**
 * Re-checks a user's password for another service (a garage signing a record). An unknown user is simply not
 * valid. Wrong answers count against a per-account budget (when a counter is given), so the check cannot be used
 * to guess a password: once it is spent, nothing is checked until the window ends. When the counter's store
 * (Redis) does not answer, the check still runs, unbudgeted, and says so (`isBudgetUnavailable`): a Redis outage
 * delays nothing a garage logs, and argon2 still makes every guess slow.
 */
export async function verifyUserPassword(
  db: Queryable,
  failureCounter: PasswordFailureCounter | null,
  userId: string,
  password: string,
): Promise<PasswordRecheck> {
  const budget = failureCounter ? await readPasswordFailures(failureCounter, userId).catch(() => null) : null;
  if (budget && budget.failures >= PASSWORD_RECHECK_BUDGET.failures) return { outcome: 'blocked', retryAfterSeconds: budget.retryAfterSeconds };
  const user = await findUserById(db, userId);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  let isBudgetUnavailable = failureCounter !== null && budget === null;
  if (!valid && failureCounter && !isBudgetUnavailable) {
    isBudgetUnavailable = await recordPasswordFailure(failureCounter, userId, PASSWORD_RECHECK_BUDGET.windowSeconds).then(
      () => false,
      () => true,
    );
  }
  return { outcome: 'checked', valid, isBudgetUnavailable };
}
