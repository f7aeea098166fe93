import { ENTITLED_SUBSCRIPTION_STATUSES, type TSubscriptionStatus } from '@sh/shared/contract';

/** Active or trialing: the garage has the plan's features. */
export function isEntitled(status: TSubscriptionStatus): boolean {
  return ENTITLED_SUBSCRIPTION_STATUSES.includes(status);
}

const STATUS_LABELS: Record<TSubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Free Trial',
  past_due: 'Payment pending',
  canceled: 'Cancelled',
  inactive: 'Not subscribed',
};

/** How a subscription status reads on the page ("Free Trial" for trialing, docs/product.md#subscription-states). */
export function subscriptionStatusLabel(status: TSubscriptionStatus): string {
  return STATUS_LABELS[status];
}

/** A badge tone per status: good, waiting, or none. */
export function subscriptionStatusTone(status: TSubscriptionStatus): 'success' | 'warning' | 'neutral' {
  if (isEntitled(status)) return 'success';
  return status === 'past_due' ? 'warning' : 'neutral';
}

/** "Visa ending 4242"; null when no card is known. */
export function describeCard(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return `${name} ending ${last4}`;
}
