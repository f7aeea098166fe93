import type { TGarageSubscription } from '@sh/shared/contract';
import type { StoredSubscription } from '../store/stored-subscription.js';
import { apiStatusOf } from './subscription-status.js';

/** What the presenter shows of a subscription: a stored one, or a snapshot just read from Stripe. */
export type PresentableSubscription = Omit<StoredSubscription, 'garageId' | 'stateAt'>;

/** The answer for a garage that has never had a subscription. */
export const NO_SUBSCRIPTION: TGarageSubscription = {
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

/** A garage's subscription as GET /api/v1/billing/subscription answers it (docs/product.md#subscription-states). */
export function presentGarageSubscription(subscription: PresentableSubscription | null): TGarageSubscription {
  if (!subscription) return NO_SUBSCRIPTION;
  return {
    customer_id: subscription.customerId,
    subscription_id: subscription.subscriptionId,
    subscription_status: apiStatusOf(subscription.status),
    price_id: subscription.priceId,
    current_period_start: subscription.currentPeriodStart,
    current_period_end: subscription.currentPeriodEnd,
    trial_end: subscription.trialEnd,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    payment_method_brand: subscription.paymentMethodBrand,
    payment_method_last4: subscription.paymentMethodLast4,
  };
}
