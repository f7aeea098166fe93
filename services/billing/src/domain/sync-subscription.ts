import { withTransaction, type Pool, type PoolClient } from '@sh/shared/server';
import { publishSubscriptionChanged } from '../events/publish-subscription-changed.js';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCustomerByGarage } from '../store/find-customer-by-garage.js';
import { findCustomerByStripeId } from '../store/find-customer-by-stripe-id.js';
import { findSubscriptionById } from '../store/find-subscription-by-id.js';
import { insertBillingCustomer } from '../store/insert-billing-customer.js';
import { lockSubscription } from '../store/lock-subscription.js';
import { upsertSubscription } from '../store/upsert-subscription.js';
import {
  decideChangeReason,
  snapshotFromStripe,
  type SubscriptionSnapshot,
  type SyncTrigger,
} from './subscription-snapshot.js';

/** Reads the subscription's current state from Stripe, with its card and customer. */
export async function fetchSubscriptionSnapshot(stripe: Stripe, subscriptionId: string): Promise<SubscriptionSnapshot> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['default_payment_method', 'customer'],
  });
  return snapshotFromStripe(subscription, Date.now());
}

export type ApplyOutcome =
  | { outcome: 'applied'; garageId: string; reason: string | null }
  | { outcome: 'stale' }
  | { outcome: 'unknown_garage' };

/**
 * Stores a snapshot for its garage inside the caller's transaction and, when it is news, publishes
 * subscription.changed in the same transaction. The garage comes from the subscription's metadata, else the
 * stored customer, else `fallbackGarageId` (a checkout session's client_reference_id). A snapshot older than
 * the stored one changes nothing.
 */
export async function applySubscriptionSnapshot(
  db: PoolClient,
  snapshot: SubscriptionSnapshot,
  trigger: SyncTrigger,
  fallbackGarageId: string | null = null,
): Promise<ApplyOutcome> {
  await lockSubscription(db, snapshot.subscriptionId);
  const previous = await findSubscriptionById(db, snapshot.subscriptionId);
  if (previous && previous.stateAt > snapshot.stateAt) return { outcome: 'stale' };

  const customer = snapshot.customerId ? await findCustomerByStripeId(db, snapshot.customerId) : null;
  const garageId = previous?.garageId ?? snapshot.metadataGarageId ?? customer?.garageId ?? fallbackGarageId;
  if (!garageId) return { outcome: 'unknown_garage' };

  if (!customer && snapshot.customerId && snapshot.customerEmail) {
    await insertBillingCustomer(db, { garageId, stripeCustomerId: snapshot.customerId, email: snapshot.customerEmail });
  }
  const email = customer?.email ?? (await findCustomerByGarage(db, garageId))?.email ?? snapshot.customerEmail ?? '';

  const isStored = await upsertSubscription(db, { ...snapshot, garageId });
  if (!isStored) return { outcome: 'stale' };

  const reason = decideChangeReason(trigger, previous, snapshot);
  if (reason) {
    await publishSubscriptionChanged(db, {
      garageId,
      email,
      snapshot,
      previousStatus: previous?.status ?? null,
      reason,
    });
  }
  return { outcome: 'applied', garageId, reason };
}

/** Fetches a subscription from Stripe and applies it in a transaction of its own (the checkout-success sync). */
export async function syncSubscription(
  pool: Pool,
  stripe: Stripe,
  subscriptionId: string,
  trigger: SyncTrigger,
  fallbackGarageId: string | null,
): Promise<ApplyOutcome> {
  const snapshot = await fetchSubscriptionSnapshot(stripe, subscriptionId);
  return withTransaction(pool, (db) => applySubscriptionSnapshot(db, snapshot, trigger, fallbackGarageId));
}
