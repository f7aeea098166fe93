import { PASSWORD_RESET_TTL_MS } from '@sh/shared/contract';
import { withTransaction, type Pool } from '@sh/shared/server';
import { publishPasswordResetRequested } from '../events/publish-password-reset-requested.js';
import { findUserByEmail } from '../store/find-user-by-email.js';
import { issueOneTimeToken } from './issue-one-time-token.js';

/**
 * Where the account exists, stores a one-hour reset token's hash and asks for the e-mail (the event carries
 * the raw token for the link) in the same transaction. The caller answers the same either way.
 */
export async function requestPasswordReset(pool: Pool, email: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    const user = await findUserByEmail(client, email);
    if (!user) return;
    const token = await issueOneTimeToken(client, 'password_reset', user.id, PASSWORD_RESET_TTL_MS);
    await publishPasswordResetRequested(client, { userId: user.id, email: user.email, token });
  });
}
