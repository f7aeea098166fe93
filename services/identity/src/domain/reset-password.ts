import { MESSAGES, type TResetPasswordRequest } from '@sh/shared/contract';
import { hashPassword, AppError, withTransaction, type Pool } from '@sh/shared/server';
import { consumeOneTimeToken } from '../store/consume-one-time-token.js';
import { retireUserOneTimeTokens } from '../store/retire-user-one-time-tokens.js';
import { revokeUserRefreshTokens } from '../store/revoke-user-refresh-tokens.js';
import { updatePasswordHash } from '../store/update-password-hash.js';
import { recordEmailConfirmation } from './record-email-confirmation.js';
import { hashToken } from '@sh/shared/server';

/**
 * Sets a new password with a reset link's token (single use, one hour), retires the user's other reset
 * links and revokes every refresh token, so every other session ends. Following the e-mailed link also
 * proves the address, so it counts as a confirmation. The token is checked before the new password is hashed.
 */
export async function resetPassword(pool: Pool, input: TResetPasswordRequest): Promise<void> {
  await withTransaction(pool, async (client) => {
    // The token first: a made-up or spent link costs one indexed UPDATE, never an argon2 hash.
    const userId = await consumeOneTimeToken(client, 'password_reset', hashToken(input.token));
    if (!userId) {
      throw new AppError('validation_failed', MESSAGES.resetPassword.invalidLink, {
        errors: [{ path: 'token', message: MESSAGES.resetPassword.invalidLink }],
      });
    }
    await updatePasswordHash(client, userId, await hashPassword(input.password));
    await retireUserOneTimeTokens(client, 'password_reset', userId);
    await revokeUserRefreshTokens(client, userId);
    await recordEmailConfirmation(client, userId);
  });
}
