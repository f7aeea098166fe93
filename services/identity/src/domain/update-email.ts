import { randomUUID } from 'node:crypto';
import { MESSAGES, type TSession, type TUpdateEmailRequest } from '@sh/shared/contract';
import {
  AppError,
  generateOpaqueToken,
  hashToken,
  recordAdminAction,
  withTransaction,
  type TAuthClaims,
} from '@sh/shared/server';
import { publishEmailChangeNoticeRequested } from '../events/publish-email-change-notice-requested.js';
import { publishEmailChanged } from '../events/publish-email-changed.js';
import { findUserForUpdate } from '../store/find-user-for-update.js';
import { insertEmailChangeUndoToken } from '../store/insert-email-change-undo-token.js';
import { retireUserOneTimeTokens } from '../store/retire-user-one-time-tokens.js';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updateUserEmail } from '../store/update-user-email.js';
import { authoriseAccountChange, type AccountChangeDeps } from './authorise-account-change.js';
import { duplicateEmailError } from './duplicate-email-error.js';
import { issueSession } from './issue-session.js';
import { requestEmailConfirmation } from './request-email-confirmation.js';
import { EMAIL_CHANGE_UNDO_TTL_MS } from './tokens.js';

export type UpdateEmailDeps = AccountChangeDeps;

/**
 * Changes a user's e-mail (the user themself or an admin). A user changing their own must give the current
 * password; an admin does not know it and need not, but gives a reason, and the audit of admin actions keeps who
 * changed whose address, when and why (labelled with the address it had; the new one is in the user's row and the
 * undo token, not in the audit, which is kept for good). In one transaction: the new address needs confirming (a link
 * goes to it), the old address is mailed a single-use link that undoes the change for 7 days, every refresh token
 * and open reset link of the user is revoked, and user.email_changed tells garages, records and billing. A user
 * changing their own gets a fresh session back so the page stays signed in. A taken address is a 409 (docs/product.md#signup).
 */
export async function updateEmail(
  deps: UpdateEmailDeps,
  actor: TAuthClaims,
  userId: string,
  input: TUpdateEmailRequest,
): Promise<{ id: string; email: string; session?: TSession; refreshToken?: string }> {
  const { user, adminReason } = await authoriseAccountChange(deps, actor, userId, input);

  return withTransaction(deps.pool, async (client) => {
    const locked = await findUserForUpdate(client, user.id);
    if (!locked) throw new AppError('not_found', MESSAGES.platform.notFound);
    if (locked.email === input.email) return { id: locked.id, email: locked.email };
    if ((await updateUserEmail(client, locked.id, input.email)) === 'email_taken') throw duplicateEmailError();

    await requestEmailConfirmation(client, { id: locked.id, email: input.email });
    await retireUserOneTimeTokens(client, 'password_reset', locked.id);
    await revokeUserRefreshTokens(client, locked.id);
    const undoToken = generateOpaqueToken();
    await insertEmailChangeUndoToken(client, {
      userId: locked.id,
      tokenHash: hashToken(undoToken),
      oldEmail: locked.email,
      newEmail: input.email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS),
    });
    await publishEmailChangeNoticeRequested(client, {
      userId: locked.id,
      oldEmail: locked.email,
      newEmail: input.email,
      token: undoToken,
    });
    await publishEmailChanged(client, {
      userId: locked.id,
      oldEmail: locked.email,
      newEmail: input.email,
      changedAt: Date.now(),
    });

    if (adminReason !== null) {
      const subject = { type: 'user' as const, id: locked.id, label: locked.email };
      await recordAdminAction(client, actor, 'user.email_changed', subject, adminReason);
      return { id: locked.id, email: input.email };
    }
    const changedUser = { ...locked, email: input.email, email_confirmed_at: null };
    const { session, refreshToken } = await issueSession(client, deps.keys, changedUser, randomUUID());
    return { id: locked.id, email: input.email, session, refreshToken };
  });
}
