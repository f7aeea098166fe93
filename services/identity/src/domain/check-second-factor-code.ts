import { Secret } from 'otpauth';
import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { claimSecondFactorStep } from '../store/claim-second-factor-step.js';
import type { SecondFactorRow } from '../store/second-factor-row.js';
import { giveBackAttempt, reserveAttempt } from '../store/second-factor-attempts.js';
import { useRecoveryCode } from '../store/use-recovery-code.js';
import { recoveryCodeHash } from './recovery-codes.js';
import { SECOND_FACTOR_BUDGET, type SecondFactorSettings } from './second-factor-settings.js';
import { decryptSecondFactorSecret } from './second-factor-secret.js';
import { findTotpStep } from './totp.js';

/**
 * Checks a code for the user's enrolment (a pending one is confirmed by it), or, once confirmed and when allowed, a
 * recovery code (used up by it). An attempt of the per-account budget is reserved before anything is compared, so
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
  const reservation = await reserveAttempt(attempts, userId, SECOND_FACTOR_BUDGET).catch((error: unknown) => {
    throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
  });
  if (!reservation.isReserved) {
    throw new AppError('rate_limited', MESSAGES.secondFactor.attemptsExceeded, {
      headers: { 'retry-after': String(reservation.retryAfterSeconds) },
    });
  }
  const usedRecoveryCode = await compareCode(db, settings, enrolment, code.trim(), options.allowRecoveryCode);
  if (usedRecoveryCode === null) {
    throw new AppError('second_factor_mismatch', MESSAGES.secondFactor.codeIncorrect, {
      errors: [{ path: 'code', message: MESSAGES.secondFactor.codeIncorrect }],
    });
  }
  // A right code must not use the budget up; if Redis fails here, the attempt simply stays counted.
  await giveBackAttempt(attempts, userId).catch(() => undefined);
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
  const secret = Secret.fromBase32(decryptSecondFactorSecret(settings.encryptionKey, enrolment.user_id, enrolment.secret_ciphertext));
  const step = findTotpStep(secret, code.replace(/\s/g, ''), Date.now());
  if (step !== null) return (await claimSecondFactorStep(db, enrolment.user_id, step, enrolment.confirmed_at === null)) ? false : null;
  if (!allowRecoveryCode || !enrolment.confirmed_at) return null;
  const hash = recoveryCodeHash(code);
  if (hash === null) return null;
  return (await useRecoveryCode(db, enrolment.user_id, hash)) ? true : null;
}
