import { PASSWORD_RESET_TTL_MS } from '@sh/shared/contract';
import { withTransaction, writeEvent, type Pool } from '@sh/shared/server';
import { insertOneTimeToken } from '../store/one-time-tokens.js';
import { findUserByEmail } from '../store/users.js';
import { generateOpaqueToken, hashToken } from './tokens.js';

/**
 * Where the account exists, stores a one-hour reset token's hash and asks for the e-mail (the event carries
 * the raw token for the link) in the same transaction. The caller answers the same either way.
 */
export async function requestPasswordReset(pool: Pool, email: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    const user = await findUserByEmail(client, email);
    if (!user) return;
    const token = generateOpaqueToken();
    await insertOneTimeToken(client, 'password_reset', {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await writeEvent(client, 'user.password_reset_requested', { userId: user.id, email: user.email, token });
  });
}
