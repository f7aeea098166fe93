import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { publishEmailChanged } from '../events/publish-email-changed.js';
import { consumeEmailChangeUndoToken } from '../store/consume-email-change-undo-token.js';
import { findUserForUpdate } from '../store/find-user-for-update.js';
import { retireLaterEmailChangeUndoTokens } from '../store/retire-later-email-change-undo-tokens.js';
import { retireUserOneTimeTokens } from '../store/retire-user-one-time-tokens.js';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updateUserEmail } from '../store/update-user-email.js';
import { recordEmailConfirmation } from './record-email-confirmation.js';
import { hashToken } from '@sh/shared/server';

function invalidLink(): AppError {
  return new AppError('validation_failed', MESSAGES.identity.emailChangeUndoInvalid, {
    errors: [{ path: 'token', message: MESSAGES.identity.emailChangeUndoInvalid }],
  });
}

/**
 * Follows the undo link mailed to the old address of a changed e-mail (single use, 7 days): puts that address back,
 * confirmed (the link proves it), ends every session and retires every open link of the user, including the undo
 * links of changes made after this one (an earlier owner's link wins over a later change's), and tells garages,
 * records and billing. When the old address has since gone to another account it is a 409 and nothing changes.
 */
export async function undoEmailChange(pool: Pool, token: string): Promise<{ email: string }> {
  return withTransaction(pool, async (client) => {
    const change = await consumeEmailChangeUndoToken(client, hashToken(token));
    if (!change) throw invalidLink();
    const user = await findUserForUpdate(client, change.userId);
    if (!user) throw invalidLink();
    if (user.email !== change.oldEmail) {
      if ((await updateUserEmail(client, user.id, change.oldEmail)) === 'email_taken') {
        throw new AppError('conflict', MESSAGES.identity.emailChangeUndoConflict);
      }
      await publishEmailChanged(client, {
        userId: user.id,
        oldEmail: user.email,
        newEmail: change.oldEmail,
        changedAt: Date.now(),
      });
    }
    await retireLaterEmailChangeUndoTokens(client, user.id, change.changedAt);
    await retireUserOneTimeTokens(client, 'email_confirmation', user.id);
    await retireUserOneTimeTokens(client, 'password_reset', user.id);
    await revokeUserRefreshTokens(client, user.id);
    await recordEmailConfirmation(client, user.id);
    return { email: change.oldEmail };
  });
}
