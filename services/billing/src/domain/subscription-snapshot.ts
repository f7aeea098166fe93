import type { TEventPayload } from '@sh/shared/contract';
import type { StoredSubscription } from '../store/stored-subscription.js';
import type { Stripe } from '../stripe/create-stripe-client.js';

/**
 * A subscription as read from Stripe at one moment, in the terms billing stores (status is Stripe's own:
 * active, trialing, past_due, canceled, unpaid, incomplete, ...), before it is tied to a garage.
 */
export type SubscriptionSnapshot = Omit<StoredSubscription, 'garageId'> & {
  /** The garage named in the subscription's or the customer's metadata, when it is a well-formed id. */
  metadataGarageId: string | null;
  customerEmail: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function garageIdFrom(metadata: Stripe.Metadata | null | undefined): string | null {
  const value = metadata?.garage_id;
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** The id of an object that may come expanded or as a bare id. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Turns a subscription retrieved with `expand: ['default_payment_method', 'customer']` into a snapshot.
 * The billing period lives on the subscription item in current Stripe API versions.
 */
export function snapshotFromStripe(subscription: Stripe.Subscription, readAt: number): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const paymentMethod =
    typeof subscription.default_payment_method === 'object' ? subscription.default_payment_method : null;
  const customer =
    typeof subscription.customer === 'object' && !subscription.customer.deleted ? subscription.customer : null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    trialEnd: subscription.trial_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethodBrand: paymentMethod?.card?.brand ?? null,
    paymentMethodLast4: paymentMethod?.card?.last4 ?? null,
    metadataGarageId: garageIdFrom(subscription.metadata) ?? garageIdFrom(customer?.metadata),
    customerEmail: customer?.email ?? null,
    stateAt: readAt,
  };
}

type ChangeReason = TEventPayload<'subscription.changed'>['reason'];

/** What made billing look at a subscription: a Stripe event type, or a sync on the checkout-success page. */
export type SyncTrigger = string;

const FAILED_PAYMENT_STATUSES = new Set(['past_due', 'unpaid', 'incomplete']);

/**
 * Whether a new snapshot is news for the rest of the platform, and why. A status change always is; so is
 * a payment failure or a trial-ending warning that still matches the current state, and a change of
 * cancel_at_period_end (cancelled in the portal). Anything else is not.
 */
export function decideChangeReason(
  trigger: SyncTrigger,
  previous: { status: string; cancelAtPeriodEnd: boolean } | null,
  next: { status: string; cancelAtPeriodEnd: boolean },
): ChangeReason | null {
  if (trigger === 'invoice.payment_failed' && FAILED_PAYMENT_STATUSES.has(next.status)) return 'payment_failed';
  if (trigger === 'customer.subscription.trial_will_end' && next.status === 'trialing') return 'trial_will_end';
  if (previous?.status !== next.status) {
    if (next.status === 'canceled' || next.status === 'incomplete_expired') return 'canceled';
    if (next.status === 'trialing') return 'trial_started';
    if (next.status === 'active') return 'activated';
    return 'updated';
  }
  if (previous.cancelAtPeriodEnd !== next.cancelAtPeriodEnd) return 'updated';
  return null;
}
