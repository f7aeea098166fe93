import type { TGarageSubscription } from '@sh/shared/contract';
import type { Logger, Pool } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCurrentSubscription } from '../store/find-current-subscription.js';
import { presentGarageSubscription } from './present-garage-subscription.js';
import { resolveCheckoutSubscription } from './resolve-checkout-subscription.js';
import { isEntitledStripeStatus } from './subscription-status.js';
import { fetchSubscriptionSnapshot } from './sync-subscription.js';

export interface ReadSubscriptionDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

/**
 * The signed-in garage's own subscription, from the stored Stripe data; it stores nothing. With the session id
 * of its own checkout, and no entitled subscription stored yet, it answers the state Stripe holds now, so the
 * success page need not wait for the webhook (storing it is POST /api/v1/billing/subscription/sync's job, and
 * the webhook's). If Stripe cannot be asked, it answers what is stored.
 */
export async function readGarageSubscription(
  deps: ReadSubscriptionDeps,
  garageId: string,
  query: { sessionId: string | null },
): Promise<TGarageSubscription> {
  const stored = await findCurrentSubscription(deps.pool, garageId);
  if (!query.sessionId || (stored && isEntitledStripeStatus(stored.status))) return presentGarageSubscription(stored);

  try {
    const subscriptionId = await resolveCheckoutSubscription(deps.stripe, garageId, query.sessionId);
    if (!subscriptionId) return presentGarageSubscription(stored);
    const snapshot = await fetchSubscriptionSnapshot(deps.stripe, subscriptionId);
    const isAnotherGaragesSubscription = snapshot.metadataGarageId !== null && snapshot.metadataGarageId !== garageId;
    return presentGarageSubscription(isAnotherGaragesSubscription ? stored : snapshot);
  } catch (error) {
    deps.logger.warn({ err: error, garageId }, 'could not read the checkout session from Stripe');
    return presentGarageSubscription(stored);
  }
}
