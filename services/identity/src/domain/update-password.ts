import { randomUUID } from 'node:crypto';
import { MESSAGES, type TSession, type TUpdatePasswordRequest } from '@sh/shared/contract';
import { hashPassword, recordAdminAction, withTransaction, type TAuthClaims } from '@sh/shared/server';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updatePasswordHash } from '../store/update-password-hash.js';
import { authoriseAccountChange, type AccountChangeDeps } from './authorise-account-change.js';
import { issueSession } from './issue-session.js';

export type UpdatePasswordDeps = AccountChangeDeps;

/**
 * Changes a password. A user changing their own must give the current one, checked against the account's password
 * re-check budget like every password the user already has (400 missing, 429 spent, 401 wrong); an admin changing
 * another user's does not know it and need not, but gives a reason: the audit of admin actions keeps who set whose
 * password, when and why (never the password), in the transaction that sets it. Every refresh token of the user is
 * revoked (other sessions end); a user changing their own gets a fresh session back so the page stays signed in.
 */
export async function updatePassword(
  deps: UpdatePasswordDeps,
  actor: TAuthClaims,
  userId: string,
  input: TUpdatePasswordRequest,
): Promise<{ id: string; session?: TSession; refreshToken?: string }> {
  const { user, adminReason } = await authoriseAccountChange(
    deps,
    actor,
    userId,
    input,
    MESSAGES.settings.fillPasswordFields,
  );
  const passwordHash = await hashPassword(input.password);
  return withTransaction(deps.pool, async (client) => {
    await updatePasswordHash(client, user.id, passwordHash);
    await revokeUserRefreshTokens(client, user.id);
    if (adminReason !== null) {
      const subject = { type: 'user' as const, id: user.id, label: user.email };
      await recordAdminAction(client, actor, 'user.password_set', subject, adminReason);
      return { id: user.id };
    }
    const { session, refreshToken } = await issueSession(client, deps.keys, user, randomUUID());
    return { id: user.id, session, refreshToken };
  });
}
