import { ENTITLED_SUBSCRIPTION_STATUSES, ZSubscriptionQuerySchema, type TGarageSubscription, type TSubscriptionStatus } from '@sh/shared/contract';
import { parseOrThrow, type Logger, type Pool, type TAuthClaims } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCurrentSubscription } from '../store/find-subscription.js';
import type { SubscriptionRow } from '../store/subscription-row.js';
import { idOf } from './subscription-snapshot.js';
import { syncSubscription } from './sync-subscription.js';

export interface ReadSubscriptionDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

/** Stripe's status as the SPA sees it (SPEC.md section 3's five values). */
export function apiStatusOf(stripeStatus: string): TSubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return stripeStatus;
    case 'unpaid':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}

const NO_SUBSCRIPTION: TGarageSubscription = {
  customer_id: null,
  subscription_id: null,
  subscription_status: 'inactive',
  price_id: null,
  current_period_start: null,
  current_period_end: null,
  trial_end: null,
  cancel_at_period_end: false,
  payment_method_brand: null,
  payment_method_last4: null,
};

function present(row: SubscriptionRow | null): TGarageSubscription {
  if (!row) return NO_SUBSCRIPTION;
  return {
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    subscription_status: apiStatusOf(row.status),
    price_id: row.price_id,
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    trial_end: row.trial_end,
    cancel_at_period_end: row.cancel_at_period_end,
    payment_method_brand: row.payment_method_brand,
    payment_method_last4: row.payment_method_last4,
  };
}

/**
 * The signed-in garage's own subscription, from the stored Stripe data. With the session_id of its own
 * checkout, and no entitled subscription stored yet, it first syncs from Stripe so that the success page
 * need not wait for the webhook; a failed sync falls back to what is stored.
 */
export async function readGarageSubscription(
  deps: ReadSubscriptionDeps,
  caller: TAuthClaims,
  query: unknown,
): Promise<TGarageSubscription> {
  const { session_id: sessionId } = parseOrThrow(ZSubscriptionQuerySchema, query);
  const stored = await findCurrentSubscription(deps.pool, caller.sub);
  const isEntitled = stored !== null && ENTITLED_SUBSCRIPTION_STATUSES.includes(apiStatusOf(stored.status));
  if (!sessionId || isEntitled) return present(stored);

  try {
    const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    const subscriptionId = idOf(session.subscription);
    if (session.client_reference_id !== caller.sub || !subscriptionId) return present(stored);
    await syncSubscription(deps.pool, deps.stripe, subscriptionId, 'sync', caller.sub);
  } catch (error) {
    deps.logger.warn({ err: error, garageId: caller.sub }, 'could not sync the checkout session from Stripe');
    return present(stored);
  }
  return present(await findCurrentSubscription(deps.pool, caller.sub));
}
