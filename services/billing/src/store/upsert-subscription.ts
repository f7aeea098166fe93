import { upsertNewest, type Queryable } from '@sh/shared/server';
import type { StoredSubscription } from './stored-subscription.js';

/**
 * Stores a subscription snapshot unless a newer one is already held. A subscription never moves to another
 * garage. Returns whether the snapshot was stored.
 */
export async function upsertSubscription(db: Queryable, s: StoredSubscription): Promise<boolean> {
  return upsertNewest(db, {
    table: 'subscriptions',
    key: 'subscription_id',
    version: 'state_at',
    fixed: ['garage_id'],
    values: {
      subscription_id: s.subscriptionId,
      garage_id: s.garageId,
      customer_id: s.customerId,
      status: s.status,
      price_id: s.priceId,
      current_period_start: s.currentPeriodStart,
      current_period_end: s.currentPeriodEnd,
      trial_end: s.trialEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      payment_method_brand: s.paymentMethodBrand,
      payment_method_last4: s.paymentMethodLast4,
      state_at: s.stateAt,
    },
  });
}
