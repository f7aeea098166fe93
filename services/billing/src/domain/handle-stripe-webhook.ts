import { withTransaction, type Logger, type Pool } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { recordStripeEvent } from '../store/record-stripe-event.js';
import { cancelDuplicateSubscriptions } from './cancel-duplicate-subscriptions.js';
import { applySubscriptionSnapshot, fetchSubscriptionSnapshot, type ApplyOutcome } from './sync-subscription.js';
import { idOf, type SubscriptionSnapshot } from './subscription-snapshot.js';

/** The Stripe events billing acts on; any other verified event is acknowledged and recorded only. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export interface WebhookDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

export type WebhookResult = {
  eventId: string;
  type: string;
  duplicate: boolean;
  outcome: ApplyOutcome['outcome'] | 'ignored';
};

/** The subscription an event is about, and the garage a checkout session names, if any. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; garageId: string | null } {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const isSubscription = session.mode === 'subscription';
      return {
        subscriptionId: isSubscription ? idOf(session.subscription) : null,
        garageId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return { subscriptionId: event.data.object.id, garageId: null };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { subscriptionId: idOf(event.data.object.parent?.subscription_details?.subscription), garageId: null };
    default:
      return { subscriptionId: null, garageId: null };
  }
}

function isMissingAtStripe(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'resource_missing';
}

/**
 * Applies a verified Stripe event at most once. Whatever the event carries, the subscription's state is
 * re-read from Stripe, so events applied in any order end in Stripe's newest state. The event id is recorded
 * in the same transaction as its effects.
 */
export async function handleStripeWebhook(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookResult> {
  const isHandled = (HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type);
  const subject = isHandled ? subjectOf(event) : { subscriptionId: null, garageId: null };
  let snapshot: SubscriptionSnapshot | null = null;
  if (subject.subscriptionId) {
    try {
      snapshot = await fetchSubscriptionSnapshot(deps.stripe, subject.subscriptionId);
    } catch (error) {
      if (!isMissingAtStripe(error)) throw error;
      deps.logger.warn({ eventId: event.id, subscriptionId: subject.subscriptionId }, 'subscription unknown at Stripe');
    }
  }

  const found = snapshot;
  const result = await withTransaction(deps.pool, async (db): Promise<WebhookResult & { garageId: string | null }> => {
    const isNew = await recordStripeEvent(db, { id: event.id, type: event.type, created: event.created });
    if (!isNew) return { eventId: event.id, type: event.type, duplicate: true, outcome: 'ignored', garageId: null };
    if (!found) return { eventId: event.id, type: event.type, duplicate: false, outcome: 'ignored', garageId: null };
    const applied = await applySubscriptionSnapshot(db, found, event.type, subject.garageId);
    if (applied.outcome === 'unknown_garage') {
      deps.logger.warn({ eventId: event.id, subscriptionId: found.subscriptionId }, 'subscription of no known garage');
    }
    return {
      eventId: event.id,
      type: event.type,
      duplicate: false,
      outcome: applied.outcome,
      garageId: applied.outcome === 'applied' ? applied.garageId : null,
    };
  });
  // Outside the transaction: Stripe is called only once the new state is stored.
  if (result.garageId) await cancelDuplicateSubscriptions(deps, result.garageId);
  const { garageId: _garageId, ...answer } = result;
  return answer;
}
