import { withTransaction, type Pool } from '@sh/shared/server';
import { publishEmailConfirmed } from '../events/publish-email-confirmed.js';
import { claimUnpublishedEmailConfirmations } from '../store/claim-unpublished-email-confirmations.js';

const BATCH_SIZE = 500;

/**
 * Run at start-up: tells the other services of every confirmed address they never heard of (accounts confirmed
 * before user.email_confirmed existed, and the demo seed's), so that those garages are not shut out of checkout and
 * records. Each account is announced once. Answers how many were announced.
 */
export async function announceEmailConfirmations(pool: Pool): Promise<number> {
  let announced = 0;
  for (;;) {
    const batch = await withTransaction(pool, async (client) => {
      const confirmations = await claimUnpublishedEmailConfirmations(client, BATCH_SIZE);
      for (const { userId, email, confirmedAt } of confirmations) {
        await publishEmailConfirmed(client, { userId, email, confirmedAt: confirmedAt.getTime() });
      }
      return confirmations.length;
    });
    announced += batch;
    if (batch < BATCH_SIZE) return announced;
  }
}
