import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { requestEmailConfirmation } from './request-email-confirmation.js';

/**
 * Sends a signed-in user a new confirmation link (earlier links stop working). A confirmed address needs
 * none: answers whether the e-mail is already confirmed.
 */
export async function resendEmailConfirmation(pool: Pool, userId: string): Promise<{ emailConfirmed: boolean }> {
  return withTransaction(pool, async (client) => {
    const user = await findUserById(client, userId);
    if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
    if (user.email_confirmed_at) return { emailConfirmed: true };
    await requestEmailConfirmation(client, { id: user.id, email: user.email });
    return { emailConfirmed: false };
  });
}
