import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type Queryable } from '@sh/shared/server';
import type { SubscriptionSnapshot } from '../domain/subscription-snapshot.js';
import { eventStatusOf } from '../domain/subscription-status.js';

/**
 * Writes subscription.changed into the outbox, in the transaction that stored the snapshot it announces.
 * `previousStatus` is the Stripe status billing held before (null for a subscription new to it).
 */
export async function publishSubscriptionChanged(
  db: Queryable,
  change: {
    garageId: string;
    email: string;
    snapshot: SubscriptionSnapshot;
    previousStatus: string | null;
    reason: TEventPayload<'subscription.changed'>['reason'];
  },
): Promise<void> {
  const { garageId, email, snapshot, previousStatus, reason } = change;
  await writeEvent(db, 'subscription.changed', {
    garageId,
    email,
    status: eventStatusOf(snapshot.status),
    previousStatus: previousStatus === null ? null : eventStatusOf(previousStatus),
    customerId: snapshot.customerId || null,
    subscriptionId: snapshot.subscriptionId,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    trialEnd: snapshot.trialEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    reason,
    stateAt: snapshot.stateAt,
  });
}
