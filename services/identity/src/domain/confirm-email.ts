import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { consumeOneTimeToken } from '../store/consume-one-time-token.js';
import { recordEmailConfirmation } from './record-email-confirmation.js';
import { hashToken } from '@sh/shared/server';

/** Confirms the e-mail of a confirmation link's token (single use, 7 days); the first confirmation is announced. */
export async function confirmEmail(pool: Pool, token: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    const userId = await consumeOneTimeToken(client, 'email_confirmation', hashToken(token));
    if (!userId) {
      throw new AppError('validation_failed', MESSAGES.confirmEmail.invalidOrExpired, {
        errors: [{ path: 'token', message: MESSAGES.confirmEmail.invalidOrExpired }],
      });
    }
    await recordEmailConfirmation(client, userId);
  });
}
