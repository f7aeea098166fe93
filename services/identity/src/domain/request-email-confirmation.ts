import { writeEvent, type PoolClient } from '@sh/shared/server';
import { insertOneTimeToken, retireUserOneTimeTokens } from '../store/one-time-tokens.js';
import { EMAIL_CONFIRMATION_TTL_MS, generateOpaqueToken, hashToken } from './tokens.js';

/**
 * Inside the caller's transaction: retires the user's earlier confirmation links, stores a new one's hash
 * and asks for the e-mail (the event carries the raw token for the link).
 */
export async function requestEmailConfirmation(client: PoolClient, user: { id: string; email: string }): Promise<void> {
  const token = generateOpaqueToken();
  await retireUserOneTimeTokens(client, 'email_confirmation', user.id);
  await insertOneTimeToken(client, 'email_confirmation', {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_MS),
  });
  await writeEvent(client, 'user.email_confirmation_requested', { userId: user.id, email: user.email, token });
}
