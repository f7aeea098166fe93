import { randomUUID } from 'node:crypto';
import { MESSAGES, type TLoginSecondFactorRequest } from '@sh/shared/contract';
import { AppError, verifySecondFactorToken, type Pool } from '@sh/shared/server';
import { findSecondFactor } from '../store/find-second-factor.js';
import { findUserById } from '../store/find-user-by-id.js';
import { checkSecondFactorCode } from './check-second-factor-code.js';
import { issueSession, type SignedInUser } from './issue-session.js';
import type { SecondFactorSettings } from './second-factor-settings.js';
import type { SigningKeys } from './signing-keys.js';

/**
 * The second step of a sign-in: the challenge login answered (password proven, unexpired) and a code from the app or
 * a recovery code (checkSecondFactorCode: budgeted, single-use). Only then is the session, refresh token and all,
 * issued, by the same issueSession as a password-only login.
 */
export async function completeSecondFactorLogin(
  pool: Pool,
  keys: SigningKeys,
  settings: SecondFactorSettings,
  input: TLoginSecondFactorRequest,
): Promise<SignedInUser> {
  const claims = verifySecondFactorToken(keys.publicKey, input.challenge, 'login-challenge');
  const user = claims ? await findUserById(pool, claims.sub) : null;
  const enrolment = user ? await findSecondFactor(pool, user.id) : null;
  if (!user || !enrolment?.confirmed_at) throw new AppError('unauthorized', MESSAGES.secondFactor.challengeExpired);
  await checkSecondFactorCode(pool, settings, enrolment, input.code, { allowRecoveryCode: true });
  return issueSession(pool, keys, user, randomUUID());
}
