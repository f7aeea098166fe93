import type { Logger, Pool } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findLiveSubscriptions } from '../store/find-live-subscriptions.js';

/**
 * One garage holds one live subscription. Two checkouts finished side by side (two tabs, a retried payment) would
 * bill it twice: every live subscription but the oldest is cancelled at Stripe at once, and Stripe's deletion
 * event then stores it as canceled. Answers the ids cancelled.
 */
export async function cancelDuplicateSubscriptions(
  deps: { pool: Pool; stripe: Stripe; logger: Logger },
  garageId: string,
): Promise<string[]> {
  const [, ...duplicates] = await findLiveSubscriptions(deps.pool, garageId);
  for (const subscriptionId of duplicates) {
    await deps.stripe.subscriptions.cancel(subscriptionId);
    deps.logger.warn({ garageId, subscriptionId }, 'cancelled a second live subscription of one garage');
  }
  return duplicates;
}
