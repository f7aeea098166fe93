import { randomUUID } from 'node:crypto';
import { MESSAGES, type TLoginRequest, type TSession, type TUserType } from '@sh/shared/contract';
import { AppError, type Pool } from '@sh/shared/server';
import { findUserByEmail } from '../store/users.js';
import { issueSession } from './issue-session.js';
import { verifyPassword } from './passwords.js';
import type { SigningKeys } from './signing-keys.js';
import { userTypeOf } from './user-type.js';

/**
 * Checks an e-mail and password and starts a session (a new refresh-token family). An unknown e-mail and a
 * wrong password get the same answer after the same work. An unconfirmed e-mail may still log in: the
 * signup journey logs in straight after creating the account, and the SPA shows a notice instead.
 */
export async function logIn(pool: Pool, keys: SigningKeys, input: TLoginRequest): Promise<{ session: TSession; userType: TUserType; emailConfirmed: boolean }> {
  const user = await findUserByEmail(pool, input.email);
  const isValid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !isValid) throw new AppError('unauthorized', MESSAGES.login.invalidCredentials);
  const userType = userTypeOf(user);
  const session = await issueSession(pool, keys, { id: user.id, email: user.email, userType }, randomUUID());
  return { session, userType, emailConfirmed: user.email_confirmed_at !== null };
}
