import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyPassword, type Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { reservePasswordAttempt, type PasswordAttemptReservation } from '../store/reserve-password-attempt.js';
import { settlePasswordAttempt } from '../store/settle-password-attempt.js';

/**
 * Wrong checks of a password the user already has (another service's secure step, an account change; not a login)
 * an account may give before it has to wait. An attempt being compared holds its place until it is settled, or for
 * `lapseMs` at most should its instance never settle it.
 */
export const PASSWORD_RECHECK_BUDGET = { failures: 5, windowSeconds: 15 * 60, lapseMs: 10_000 } as const;

/** How long a check waits for the attempts in flight to settle (a right password sent many times at once). */
const BUSY_WAIT_MS = 5_000;
/** Between two tries of a busy reservation: a few milliseconds, spread so that waiting checks do not try in step. */
const BUSY_RETRY_MS = { min: 10, spread: 30 } as const;

export type PasswordRecheck =
  | { outcome: 'checked'; valid: boolean; isBudgetUnavailable: boolean }
  | { outcome: 'blocked'; retryAfterSeconds: number };

/**
 * Checks the password of a user who is already signed in somewhere: a garage signing a record (for records), or a
 * user changing their own e-mail or password. Every such check in identity goes through here. An unknown user is
 * simply not valid.
 *
 * Each check first reserves an attempt of a per-account budget (when a counter is given), in one atomic step on
 * Redis; then the password is compared; then the attempt is settled: a wrong password counts against the budget, a
 * right one gives the attempt back. No more attempts are compared at once than the budget has wrong answers left,
 * so guesses sent at once are refused (429) past it rather than all compared; a right password sent many times at
 * once waits its turn (BUSY_WAIT_MS at most). Once the budget is spent, nothing is compared until the window ends.
 *
 * When the counter's store (Redis) does not answer, the check still runs, unbudgeted, and says so
 * (`isBudgetUnavailable`, for the caller to log): a Redis outage must not stop a garage logging work or a user
 * changing their password, an attacker cannot cause one, and argon2 still makes every guess slow.
 */
export async function verifyUserPassword(
  db: Queryable,
  failureCounter: PasswordFailureCounter | null,
  userId: string,
  password: string,
): Promise<PasswordRecheck> {
  const attemptId = randomUUID();
  const reservation = failureCounter
    ? await reserveWhenFree(failureCounter, userId, attemptId).catch(() => null)
    : null;
  if (reservation?.outcome === 'spent') return { outcome: 'blocked', retryAfterSeconds: reservation.retryAfterSeconds };
  if (reservation?.outcome === 'busy') return { outcome: 'blocked', retryAfterSeconds: 1 };

  const user = await findUserById(db, userId);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  let isBudgetUnavailable = failureCounter === null ? false : reservation === null;
  if (failureCounter && reservation) {
    const outcome = { isWrong: !valid, windowSeconds: PASSWORD_RECHECK_BUDGET.windowSeconds };
    // Unsettled (Redis went away meanwhile), a right attempt lapses in lapseMs; a wrong one was not counted: say so.
    isBudgetUnavailable = await settlePasswordAttempt(failureCounter, userId, attemptId, outcome).then(
      () => false,
      () => !valid,
    );
  }
  return { outcome: 'checked', valid, isBudgetUnavailable };
}

/** Reserves an attempt, trying again while the budget is busy with attempts in flight, for BUSY_WAIT_MS at most. */
async function reserveWhenFree(
  counter: PasswordFailureCounter,
  userId: string,
  attemptId: string,
): Promise<PasswordAttemptReservation> {
  const budget = {
    limit: PASSWORD_RECHECK_BUDGET.failures,
    windowSeconds: PASSWORD_RECHECK_BUDGET.windowSeconds,
    lapseMs: PASSWORD_RECHECK_BUDGET.lapseMs,
  };
  const giveUpAt = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const reservation = await reservePasswordAttempt(counter, userId, attemptId, budget);
    if (reservation.outcome !== 'busy' || Date.now() >= giveUpAt) return reservation;
    await sleep(BUSY_RETRY_MS.min + Math.floor(Math.random() * BUSY_RETRY_MS.spread));
  }
}
