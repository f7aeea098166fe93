import { describe, expect, it } from 'vitest';
import { NO_SUBSCRIPTION, presentGarageSubscription } from './present-garage-subscription.js';

const subscription = {
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'unpaid',
  priceId: 'price_1',
  currentPeriodStart: 1_700_000_000,
  currentPeriodEnd: 1_702_592_000,
  trialEnd: null,
  cancelAtPeriodEnd: true,
  paymentMethodBrand: 'visa',
  paymentMethodLast4: '4242',
};

describe('presentGarageSubscription', () => {
  it('answers inactive with nulls for a garage without a subscription', () => {
    expect(presentGarageSubscription(null)).toEqual(NO_SUBSCRIPTION);
    expect(NO_SUBSCRIPTION).toMatchObject({
      subscription_status: 'inactive',
      subscription_id: null,
      cancel_at_period_end: false,
    });
  });

  it("names a subscription's fields as the web app reads them, with the status the SPA knows", () => {
    expect(presentGarageSubscription(subscription)).toEqual({
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      subscription_status: 'past_due',
      price_id: 'price_1',
      current_period_start: 1_700_000_000,
      current_period_end: 1_702_592_000,
      trial_end: null,
      cancel_at_period_end: true,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
  });

  it('shows nothing billing keeps for itself (garage, read time, metadata)', () => {
    const stored = { ...subscription, garageId: 'g', stateAt: 1, metadataGarageId: 'g', customerEmail: 'a@b.test' };
    expect(Object.keys(presentGarageSubscription(stored)).sort()).toEqual(Object.keys(NO_SUBSCRIPTION).sort());
  });
});
