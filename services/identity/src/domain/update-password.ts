import { randomUUID } from 'node:crypto';
import { MESSAGES, type TSession, type TUpdatePasswordRequest } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool, type TAuthClaims } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updatePasswordHash } from '../store/update-password-hash.js';
import { issueSession } from './issue-session.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SigningKeys } from './signing-keys.js';
import { assertSelfOrAdmin } from './user-type.js';

/**
 * Changes a password. A user changing their own must give the current one; an admin changing another
 * user's does not know it and need not. Every refresh token of the user is revoked (other sessions end);
 * a user changing their own gets a fresh session back so the page stays signed in.
 */
export async function updatePassword(
  pool: Pool,
  keys: SigningKeys,
  actor: TAuthClaims,
  userId: string,
  input: TUpdatePasswordRequest,
): Promise<{ id: string; session?: TSession; refreshToken?: string }> {
  assertSelfOrAdmin(actor, userId);
  const user = await findUserById(pool, userId);
  if (!user) throw new AppError('not_found', MESSAGES.platform.notFound);
  const isSelf = actor.sub === user.id;
  if (isSelf) {
    if (!input.currentPassword) {
      throw new AppError('validation_failed', MESSAGES.settings.fillPasswordFields, {
        errors: [{ path: 'currentPassword', message: MESSAGES.settings.fillPasswordFields }],
      });
    }
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      throw new AppError('validation_failed', MESSAGES.identity.currentPasswordIncorrect, {
        errors: [{ path: 'currentPassword', message: MESSAGES.identity.currentPasswordIncorrect }],
      });
    }
  }
  const passwordHash = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    await updatePasswordHash(client, user.id, passwordHash);
    await revokeUserRefreshTokens(client, user.id);
    if (!isSelf) return { id: user.id };
    const { session, refreshToken } = await issueSession(client, keys, user, randomUUID());
    return { id: user.id, session, refreshToken };
  });
}
