import type { Queryable } from '@sh/shared/server';
import type { StoredSubscription } from './stored-subscription.js';

/**
 * Stores a subscription snapshot unless a newer one is already held. A subscription never moves to another
 * garage. Returns whether the snapshot was stored.
 */
export async function upsertSubscription(db: Queryable, s: StoredSubscription): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO subscriptions (subscription_id, garage_id, customer_id, status, price_id, current_period_start,
        current_period_end, trial_end, cancel_at_period_end, payment_method_brand, payment_method_last4, state_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (subscription_id) DO UPDATE
       SET customer_id = EXCLUDED.customer_id, status = EXCLUDED.status, price_id = EXCLUDED.price_id,
           current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
           trial_end = EXCLUDED.trial_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
           payment_method_brand = EXCLUDED.payment_method_brand, payment_method_last4 = EXCLUDED.payment_method_last4,
           state_at = EXCLUDED.state_at, updated_at = now()
     WHERE subscriptions.state_at <= EXCLUDED.state_at`,
    [
      s.subscriptionId,
      s.garageId,
      s.customerId,
      s.status,
      s.priceId,
      s.currentPeriodStart,
      s.currentPeriodEnd,
      s.trialEnd,
      s.cancelAtPeriodEnd,
      s.paymentMethodBrand,
      s.paymentMethodLast4,
      s.stateAt,
    ],
  );
  return result.rowCount === 1;
}
