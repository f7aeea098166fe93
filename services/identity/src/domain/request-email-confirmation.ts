import type { PoolClient } from '@sh/shared/server';
import { publishEmailConfirmationRequested } from '../events/publish-email-confirmation-requested.js';
import { retireUserOneTimeTokens } from '../store/retire-user-one-time-tokens.js';
import { issueOneTimeToken } from './issue-one-time-token.js';
import { EMAIL_CONFIRMATION_TTL_MS } from './tokens.js';

/**
 * Inside the caller's transaction: retires the user's earlier confirmation links, stores a new one's hash
 * and asks for the e-mail (the event carries the raw token for the link).
 */
export async function requestEmailConfirmation(client: PoolClient, user: { id: string; email: string }): Promise<void> {
  await retireUserOneTimeTokens(client, 'email_confirmation', user.id);
  const token = await issueOneTimeToken(client, 'email_confirmation', user.id, EMAIL_CONFIRMATION_TTL_MS);
  await publishEmailConfirmationRequested(client, { userId: user.id, email: user.email, token });
}
