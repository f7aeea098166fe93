import { MESSAGES } from '@sh/shared/contract';
import { AppError, requireAdminReason, type Logger, type Pool, type TAuthClaims } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import type { UserRow } from '../store/user-row.js';
import { assertCurrentPassword } from './assert-current-password.js';
import type { SigningKeys } from './signing-keys.js';
import { assertSelfOrAdmin } from './user-type.js';

/** What a change of a user's e-mail or password needs. */
export interface AccountChangeDeps {
  pool: Pool;
  keys: SigningKeys;
  /** Where wrong current passwords are counted (the password re-check budget); null: not counted. */
  passwordFailures: PasswordFailureCounter | null;
  log?: Logger;
}

/**
 * Who may change a user's e-mail or password, and how they prove it: the user themself, with the current password
 * (400 missing, with `missingPassword` as its message; 429 once the account's re-check budget is spent; 401 wrong),
 * or an admin, who does not know it and need not, but gives a reason (400 without). Unknown user 404. Answers the
 * user and the admin's reason, null when the user changes their own.
 */
export async function authoriseAccountChange(
  deps: AccountChangeDeps,
  actor: TAuthClaims,
  userId: string,
  input: { currentPassword?: string; reason?: string },
  missingPassword: string = MESSAGES.identity.currentPasswordRequired,
): Promise<{ user: UserRow; adminReason: string | null }> {
  assertSelfOrAdmin(actor, userId);
  const isSelf = actor.sub === userId;
  const adminReason = isSelf ? null : requireAdminReason(input.reason);
  const user = await findUserById(deps.pool, userId);
  if (!user) throw new AppError('not_found', MESSAGES.platform.notFound);
  if (isSelf && !input.currentPassword) {
    throw new AppError('validation_failed', missingPassword, {
      errors: [{ path: 'currentPassword', message: missingPassword }],
    });
  }
  if (isSelf) await assertCurrentPassword(deps.pool, deps.passwordFailures, user.id, input.currentPassword, deps.log);
  return { user, adminReason };
}
