import { PASSWORD_RESET_TTL_MS } from '@sh/shared/contract';
import { withTransaction, type Pool } from '@sh/shared/server';
import { publishPasswordResetRequested } from '../events/publish-password-reset-requested.js';
import { findUserByEmail } from '../store/find-user-by-email.js';
import { issueOneTimeToken } from './issue-one-time-token.js';

/**
 * How long a reset request takes at the least, known e-mail or not: the work for a known one (a token and an
 * outbox row) stays well inside it, so the answer's timing does not say whether an account exists.
 */
export const RESET_REQUEST_MIN_MS = 250;

/**
 * Where the account exists, stores a one-hour reset token's hash and asks for the e-mail (the event carries
 * the raw token for the link) in the same transaction. The caller answers the same either way, and no sooner
 * than RESET_REQUEST_MIN_MS after the request began.
 */
export async function requestPasswordReset(pool: Pool, email: string, minimumMs = RESET_REQUEST_MIN_MS): Promise<void> {
  const started = performance.now();
  await storeResetRequest(pool, email);
  const left = minimumMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

async function storeResetRequest(pool: Pool, email: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    const user = await findUserByEmail(client, email);
    if (!user) return;
    const token = await issueOneTimeToken(client, 'password_reset', user.id, PASSWORD_RESET_TTL_MS);
    await publishPasswordResetRequested(client, { userId: user.id, email: user.email, token });
  });
}
