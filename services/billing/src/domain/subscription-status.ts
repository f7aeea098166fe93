import { ENTITLED_SUBSCRIPTION_STATUSES, type TEventPayload, type TSubscriptionStatus } from '@sh/shared/contract';

/** Stripe's status as the SPA sees it (the five values of docs/product.md#subscription-states). */
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

/** Whether a Stripe status gives the garage the plan's features (active or trialing). */
export function isEntitledStripeStatus(stripeStatus: string): boolean {
  return ENTITLED_SUBSCRIPTION_STATUSES.includes(apiStatusOf(stripeStatus));
}

type EventStatus = TEventPayload<'subscription.changed'>['status'];

/** Stripe's status as the subscription.changed event carries it. */
export function eventStatusOf(stripeStatus: string): EventStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
    case 'unpaid':
      return stripeStatus;
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}
