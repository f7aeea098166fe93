import type { Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { giveBackPasswordAttempt } from '../store/give-back-password-attempt.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { reservePasswordAttempt } from '../store/reserve-password-attempt.js';
import { verifyPassword } from './passwords.js';

/**
 * Wrong checks of a password the user already has (another service's secure step, an account change; not a login)
 * an account may give before it has to wait.
 */
export const PASSWORD_RECHECK_BUDGET = { failures: 5, windowSeconds: 15 * 60 } as const;

export type PasswordRecheck =
  | { outcome: 'checked'; valid: boolean; isBudgetUnavailable: boolean }
  | { outcome: 'blocked'; retryAfterSeconds: number };

/**
 * Checks the password of a user who is already signed in somewhere: a garage signing a record (for records), or a
 * user changing their own e-mail or password. Every such check in identity goes through here. An unknown user is
 * simply not valid. Each check first reserves an attempt of a per-account budget (when a counter is given), in one
 * atomic step on Redis, so that guesses sent at once are refused past the budget rather than all compared; a right
 * password gives its attempt back, a wrong one keeps it. Once the budget is spent, nothing is compared until the
 * window ends. When the counter's store (Redis) does not answer, the check still runs, unbudgeted, and says so
 * (`isBudgetUnavailable`, for the caller to log): a Redis outage must not stop a garage logging work or a user
 * changing their password, and argon2 still makes every guess slow (see README: budgets).
 */
export async function verifyUserPassword(
  db: Queryable,
  failureCounter: PasswordFailureCounter | null,
  userId: string,
  password: string,
): Promise<PasswordRecheck> {
  const budget = { limit: PASSWORD_RECHECK_BUDGET.failures, windowSeconds: PASSWORD_RECHECK_BUDGET.windowSeconds };
  const reservation = failureCounter ? await reservePasswordAttempt(failureCounter, userId, budget).catch(() => null) : null;
  if (reservation && !reservation.isReserved) return { outcome: 'blocked', retryAfterSeconds: reservation.retryAfterSeconds };
  const user = await findUserById(db, userId);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  let isBudgetUnavailable = failureCounter !== null && reservation === null;
  if (valid && failureCounter && reservation) {
    // Not given back, the attempt counts as a wrong one: the budget errs towards refusing, never towards more guesses.
    isBudgetUnavailable = await giveBackPasswordAttempt(failureCounter, userId).then(
      () => false,
      () => true,
    );
  }
  return { outcome: 'checked', valid, isBudgetUnavailable };
}
