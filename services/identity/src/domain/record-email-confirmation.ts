import type { PoolClient } from '@sh/shared/server';
import { publishEmailConfirmed } from '../events/publish-email-confirmed.js';
import { markEmailConfirmed } from '../store/mark-email-confirmed.js';

/**
 * Inside the caller's transaction: marks the user's address confirmed and, when it was not before, tells the other
 * services (user.email_confirmed), so that billing and records let the garage check out and add records.
 */
export async function recordEmailConfirmation(client: PoolClient, userId: string): Promise<void> {
  const confirmed = await markEmailConfirmed(client, userId);
  if (!confirmed) return;
  await publishEmailConfirmed(client, { userId, email: confirmed.email, confirmedAt: confirmed.confirmedAt.getTime() });
}
