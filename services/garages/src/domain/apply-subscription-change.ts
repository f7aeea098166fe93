import type { TEventPayload } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';
import { updateGarageSubscription } from '../store/update-garage-subscription.js';

type StripeStatus = TEventPayload<'subscription.changed'>['status'];

/**
 * The garage's stored status for a Stripe subscription status: the five of docs/product.md#subscription-states, with Stripe's
 * incomplete (first payment not made) as inactive and unpaid (retries exhausted) as past_due.
 */
export function garageStatusFor(status: StripeStatus): GarageRow['subscription_status'] {
  if (status === 'incomplete') return 'inactive';
  if (status === 'unpaid') return 'past_due';
  return status;
}

/** subscription.changed: keeps the newest subscription state on the garage (older events change nothing). */
export async function applySubscriptionChange(
  db: Queryable,
  change: TEventPayload<'subscription.changed'>,
): Promise<boolean> {
  return updateGarageSubscription(db, {
    garageId: change.garageId,
    status: garageStatusFor(change.status),
    customerId: change.customerId,
    subscriptionId: change.subscriptionId,
    stateAt: change.stateAt,
  });
}
