import { randomUUID } from 'node:crypto';
import { MESSAGES, type TLoginRequest, type TSecondFactorStep } from '@sh/shared/contract';
import { verifyPassword, AppError, type Pool } from '@sh/shared/server';
import { findUserByEmail } from '../store/find-user-by-email.js';
import { issueSession, type SignedInUser } from './issue-session.js';
import { secondFactorStepFor } from './second-factor-step.js';
import type { SecondFactorSettings } from './second-factor-settings.js';
import type { SigningKeys } from './signing-keys.js';

/**
 * Checks an e-mail and password and starts a session (a new refresh-token family). An unknown e-mail and a
 * wrong password get the same answer after the same work. An unconfirmed e-mail may still log in: the
 * signup journey logs in straight after creating the account, and the SPA shows a notice instead. A suspended
 * garage with the right password is told it is suspended (403, by issueSession); with a wrong one it gets the usual
 * 401, so that the suspension is revealed only to someone who holds the password. A user with two-step verification
 * on gets no session yet but the second step it owes (secondFactorStepFor).
 */
export async function logIn(
  deps: { pool: Pool; keys: SigningKeys; secondFactor: SecondFactorSettings },
  input: TLoginRequest,
): Promise<SignedInUser | TSecondFactorStep> {
  const { pool, keys, secondFactor } = deps;
  const user = await findUserByEmail(pool, input.email);
  const isValid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !isValid) throw new AppError('unauthorized', MESSAGES.login.invalidCredentials);
  const step = await secondFactorStepFor(pool, keys, secondFactor, user);
  if (step) return step;
  return issueSession(pool, keys, user, randomUUID());
}
