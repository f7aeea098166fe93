import { MESSAGES, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { findRefreshTokenForUpdate } from '../store/find-refresh-token-for-update.js';
import { findSecondFactor } from '../store/find-second-factor.js';
import { findUserById } from '../store/find-user-by-id.js';
import { markRefreshTokenUsed } from '../store/mark-refresh-token-used.js';
import { revokeRefreshTokenFamily } from '../store/revoke-refresh-token-family.js';
import { issueSession, type SignedInUser } from './issue-session.js';
import { isSecondFactorRequired, type SecondFactorSettings } from './second-factor-settings.js';
import type { SigningKeys } from './signing-keys.js';
import { hashToken } from '@sh/shared/server';

/** However often it is refreshed, a sign-in lasts at most this long; then the user signs in again. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type Outcome = ({ kind: 'rotated' } & SignedInUser) | { kind: 'rejected' } | { kind: 'reused' } | { kind: 'suspended' };

/**
 * Exchanges a refresh token for a new session in the same family. A token that was already used means it
 * was copied: the whole family is revoked (committed) and the answer is 401, as for any bad token. A family
 * older than SESSION_ABSOLUTE_LIFETIME_MS is ended the same way, so a stolen refresh token cannot live forever.
 * A suspended garage's session ends too (its family is revoked), with the suspension's 403: suspending revokes its
 * tokens already, and this covers a token issued in the moment before. Where admins must have a second factor, an
 * admin without one (a session from before that rule, or a user made admin since) is ended the same way: the next
 * sign-in sends them to enrol, so no refresh carries an admin past the second factor.
 */
export async function refreshSession(
  pool: Pool,
  keys: SigningKeys,
  secondFactor: Pick<SecondFactorSettings, 'isRequiredForAdmins'>,
  refreshToken: string,
): Promise<SignedInUser> {
  const outcome = await withTransaction(pool, async (client): Promise<Outcome> => {
    const token = await findRefreshTokenForUpdate(client, hashToken(refreshToken));
    if (!token || token.revoked_at || token.expires_at.getTime() <= Date.now()) return { kind: 'rejected' };
    if (token.used_at) {
      await revokeRefreshTokenFamily(client, token.family_id);
      return { kind: 'reused' };
    }
    if (Date.now() - token.family_started_at.getTime() > SESSION_ABSOLUTE_LIFETIME_MS) {
      await revokeRefreshTokenFamily(client, token.family_id);
      return { kind: 'rejected' };
    }
    const user = await findUserById(client, token.user_id);
    if (!user) return { kind: 'rejected' };
    if (user.suspended_at) {
      await revokeRefreshTokenFamily(client, token.family_id);
      return { kind: 'suspended' };
    }
    if (isSecondFactorRequired(secondFactor, user) && !(await findSecondFactor(client, user.id))?.confirmed_at) {
      await revokeRefreshTokenFamily(client, token.family_id);
      return { kind: 'rejected' };
    }
    await markRefreshTokenUsed(client, token.id);
    return { kind: 'rotated', ...(await issueSession(client, keys, user, token.family_id)) };
  });
  if (outcome.kind === 'suspended') throw new AppError('forbidden', ADMIN_ACTION_MESSAGES.accountSuspended);
  if (outcome.kind !== 'rotated') throw new AppError('unauthorized', MESSAGES.identity.sessionExpired);
  const { kind: _rotated, ...signedIn } = outcome;
  return signedIn;
}
