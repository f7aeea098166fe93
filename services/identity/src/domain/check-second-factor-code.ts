import { randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { claimSecondFactorStep } from '../store/claim-second-factor-step.js';
import type { SecondFactorRow } from '../store/second-factor-row.js';
import { reservePasswordAttempt } from '../store/reserve-password-attempt.js';
import { settlePasswordAttempt } from '../store/settle-password-attempt.js';
import { useRecoveryCode } from '../store/use-recovery-code.js';
import { recoveryCodeHash } from './recovery-codes.js';
import type { SecondFactorSettings } from './second-factor-settings.js';
import { decryptSecondFactorSecret } from './second-factor-secret.js';
import { findTotpStep } from './totp.js';
import { PASSWORD_RECHECK_BUDGET } from './verify-user-password.js';

/**
 * Checks a code for the user's enrolment (a pending one is confirmed by it), or, once confirmed and when allowed, a
 * recovery code (used up by it). An attempt of the per-account budget (the password budget's scripts, under its own name) is reserved before anything is compared, so
 * concurrent guesses cannot all be checked: once spent, 429 with Retry-After; a right code gives its attempt back.
 * A wrong code, a code of a step already used (a replay) or a used recovery code is 401 second_factor_mismatch.
 * Without the budget's store (Redis away) nothing is checked (503): six digits without a budget are guessable, so
 * an outage delays a sign-in rather than opening it.
 */
export async function checkSecondFactorCode(
  db: Queryable,
  settings: SecondFactorSettings,
  enrolment: SecondFactorRow,
  code: string,
  options: { allowRecoveryCode: boolean },
): Promise<{ usedRecoveryCode: boolean }> {
  const userId = enrolment.user_id;
  const attempts = settings.attempts;
  if (!attempts) throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
  const attemptId = randomUUID();
  const budget = {
    limit: PASSWORD_RECHECK_BUDGET.failures,
    windowSeconds: PASSWORD_RECHECK_BUDGET.windowSeconds,
    lapseMs: PASSWORD_RECHECK_BUDGET.lapseMs,
  };
  const reservation = await reservePasswordAttempt(attempts, userId, attemptId, budget).catch((error: unknown) => {
    throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
  });
  if (reservation.outcome !== 'reserved') {
    const retryAfterSeconds = reservation.outcome === 'spent' ? reservation.retryAfterSeconds : 1;
    throw new AppError('rate_limited', MESSAGES.secondFactor.attemptsExceeded, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
  const usedRecoveryCode = await compareCode(db, settings, enrolment, code, options.allowRecoveryCode);
  // A wrong code counts against the budget, a right one gives its attempt back; if Redis fails here, the attempt
  // lapses unsettled.
  const outcome = { isWrong: usedRecoveryCode === null, windowSeconds: PASSWORD_RECHECK_BUDGET.windowSeconds };
  await settlePasswordAttempt(attempts, userId, attemptId, outcome).catch(() => undefined);
  if (usedRecoveryCode === null) {
    throw new AppError('second_factor_mismatch', MESSAGES.secondFactor.codeIncorrect, {
      errors: [{ path: 'code', message: MESSAGES.secondFactor.codeIncorrect }],
    });
  }
  return { usedRecoveryCode };
}

/** false: a TOTP code, accepted; true: a recovery code, used; null: neither. */
async function compareCode(
  db: Queryable,
  settings: SecondFactorSettings,
  enrolment: SecondFactorRow,
  code: string,
  allowRecoveryCode: boolean,
): Promise<boolean | null> {
  const secret = Secret.fromBase32(
    decryptSecondFactorSecret(settings.encryptionKey, enrolment.user_id, enrolment.secret_ciphertext),
  );
  const step = findTotpStep(secret, code.replace(/\s/g, ''), Date.now());
  if (step !== null)
    return (await claimSecondFactorStep(db, enrolment.user_id, step, enrolment.confirmed_at === null)) ? false : null;
  if (!allowRecoveryCode || !enrolment.confirmed_at) return null;
  const hash = recoveryCodeHash(code);
  if (hash === null) return null;
  return (await useRecoveryCode(db, enrolment.user_id, hash)) ? true : null;
}
