import type { TGarageSubscription } from '@sh/shared/contract';
import type { Logger, Pool } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCurrentSubscription } from '../store/find-current-subscription.js';
import { presentGarageSubscription } from './present-garage-subscription.js';
import { resolveCheckoutSubscription } from './resolve-checkout-subscription.js';
import { isEntitledStripeStatus } from './subscription-status.js';
import { syncSubscription } from './sync-subscription.js';

export interface SyncCheckoutDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

/**
 * Stores the subscription the signed-in garage's own checkout session made, straight from Stripe, so that the
 * checkout-success page and everything after it (records' entitlement included) need not wait for the
 * webhook, and answers the garage's subscription. A garage already entitled, a session of another garage, or
 * a failed call to Stripe changes nothing: the answer is then what is stored.
 */
export async function syncCheckoutSubscription(
  deps: SyncCheckoutDeps,
  garageId: string,
  sessionId: string,
): Promise<TGarageSubscription> {
  const stored = await findCurrentSubscription(deps.pool, garageId);
  if (stored && isEntitledStripeStatus(stored.status)) return presentGarageSubscription(stored);

  try {
    const subscriptionId = await resolveCheckoutSubscription(deps.stripe, garageId, sessionId);
    if (!subscriptionId) return presentGarageSubscription(stored);
    await syncSubscription(deps.pool, deps.stripe, subscriptionId, 'sync', garageId);
  } catch (error) {
    deps.logger.warn({ err: error, garageId }, 'could not sync the checkout session from Stripe');
    return presentGarageSubscription(stored);
  }
  return presentGarageSubscription(await findCurrentSubscription(deps.pool, garageId));
}
