import { randomUUID } from 'node:crypto';
import { MESSAGES, type TSession, type TUpdatePasswordRequest } from '@sh/shared/contract';
import {
  hashPassword,
  AppError,
  recordAdminAction,
  requireAdminReason,
  withTransaction,
  type Logger,
  type Pool,
  type TAuthClaims,
} from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updatePasswordHash } from '../store/update-password-hash.js';
import { issueSession } from './issue-session.js';
import { assertCurrentPassword } from './assert-current-password.js';
import type { SigningKeys } from './signing-keys.js';
import { assertSelfOrAdmin } from './user-type.js';

export interface UpdatePasswordDeps {
  pool: Pool;
  keys: SigningKeys;
  /** Where wrong current passwords are counted (the password re-check budget); null: not counted. */
  passwordFailures: PasswordFailureCounter | null;
  log?: Logger;
}

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
  assertSelfOrAdmin(actor, userId);
  const { pool, keys } = deps;
  const isSelf = actor.sub === userId;
  const adminReason = isSelf ? null : requireAdminReason(input.reason);
  const user = await findUserById(pool, userId);
  if (!user) throw new AppError('not_found', MESSAGES.platform.notFound);
  if (isSelf) {
    if (!input.currentPassword) {
      throw new AppError('validation_failed', MESSAGES.settings.fillPasswordFields, {
        errors: [{ path: 'currentPassword', message: MESSAGES.settings.fillPasswordFields }],
      });
    }
    await assertCurrentPassword(pool, deps.passwordFailures, user.id, input.currentPassword, deps.log);
  }
  const passwordHash = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    await updatePasswordHash(client, user.id, passwordHash);
    await revokeUserRefreshTokens(client, user.id);
    if (adminReason !== null) {
      const subject = { type: 'user' as const, id: user.id, label: user.email };
      await recordAdminAction(client, {
        actor: { id: actor.sub, email: actor.email },
        action: 'user.password_set',
        subject,
        reason: adminReason,
      });
      return { id: user.id };
    }
    const { session, refreshToken } = await issueSession(client, keys, user, randomUUID());
    return { id: user.id, session, refreshToken };
  });
}
