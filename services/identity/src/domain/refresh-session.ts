import { MESSAGES, type TSession, type TUserType } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { findRefreshTokenForUpdate, markRefreshTokenUsed, revokeRefreshTokenFamily } from '../store/refresh-tokens.js';
import { findUserById } from '../store/users.js';
import { issueSession } from './issue-session.js';
import type { SigningKeys } from './signing-keys.js';
import { hashToken } from './tokens.js';
import { userTypeOf } from './user-type.js';

type Session = { session: TSession; userType: TUserType; emailConfirmed: boolean };
type Outcome = ({ kind: 'rotated' } & Session) | { kind: 'rejected' } | { kind: 'reused' };

/**
 * Exchanges a refresh token for a new session in the same family. A token that was already used means it
 * was copied: the whole family is revoked (committed) and the answer is 401, as for any bad token.
 */
export async function refreshSession(pool: Pool, keys: SigningKeys, refreshToken: string): Promise<Session> {
  const outcome = await withTransaction(pool, async (client): Promise<Outcome> => {
    const token = await findRefreshTokenForUpdate(client, hashToken(refreshToken));
    if (!token || token.revoked_at || token.expires_at.getTime() <= Date.now()) return { kind: 'rejected' };
    if (token.used_at) {
      await revokeRefreshTokenFamily(client, token.family_id);
      return { kind: 'reused' };
    }
    const user = await findUserById(client, token.user_id);
    if (!user) return { kind: 'rejected' };
    await markRefreshTokenUsed(client, token.id);
    const userType = userTypeOf(user);
    const session = await issueSession(client, keys, { id: user.id, email: user.email, userType }, token.family_id);
    return { kind: 'rotated', session, userType, emailConfirmed: user.email_confirmed_at !== null };
  });
  if (outcome.kind !== 'rotated') throw new AppError('unauthorized', MESSAGES.identity.sessionExpired);
  return { session: outcome.session, userType: outcome.userType, emailConfirmed: outcome.emailConfirmed };
}
