import { describe, expect, it } from 'vitest';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { decideChangeReason, idOf, snapshotFromStripe } from './subscription-snapshot.js';

const GARAGE = '7f1d5a52-53a4-4a0e-9a43-5b0b2b1f2d11';

/** A subscription as the SDK answers it with expand: ['default_payment_method', 'customer'], cut to what billing reads. */
function stripeSubscription(overrides: Record<string, unknown> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    status: 'trialing',
    customer: { id: 'cus_1', deleted: undefined, email: 'garage@example.co.uk', metadata: {} },
    default_payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242' } },
    items: { data: [{ price: { id: 'price_1' }, current_period_start: 100, current_period_end: 200 }] },
    trial_end: 200,
    cancel_at_period_end: false,
    metadata: { garage_id: GARAGE.toUpperCase() },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

describe('idOf', () => {
  it('answers the id of an expanded object or a bare id, and null for nothing', () => {
    expect(idOf('sub_1')).toBe('sub_1');
    expect(idOf({ id: 'sub_2' })).toBe('sub_2');
    expect(idOf(null)).toBeNull();
    expect(idOf(undefined)).toBeNull();
  });
});

describe('snapshotFromStripe', () => {
  it("reads the period from the subscription item, the card, the customer's e-mail and the garage id (lower case)", () => {
    expect(snapshotFromStripe(stripeSubscription(), 1234)).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      priceId: 'price_1',
      currentPeriodStart: 100,
      currentPeriodEnd: 200,
      trialEnd: 200,
      cancelAtPeriodEnd: false,
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
      metadataGarageId: GARAGE,
      customerEmail: 'garage@example.co.uk',
      stateAt: 1234,
    });
  });

  it("falls back to the customer's metadata for the garage and ignores a garage id that is not a UUID", () => {
    const fromCustomer = stripeSubscription({
      metadata: { garage_id: 'not-a-uuid' },
      customer: { id: 'cus_1', email: null, metadata: { garage_id: GARAGE } },
    });
    expect(snapshotFromStripe(fromCustomer, 1)).toMatchObject({ metadataGarageId: GARAGE, customerEmail: null });
    expect(snapshotFromStripe(stripeSubscription({ metadata: {} }), 1).metadataGarageId).toBeNull();
  });

  it('copes with bare ids, no card and no item', () => {
    const bare = stripeSubscription({ customer: 'cus_9', default_payment_method: 'pm_9', items: { data: [] } });
    expect(snapshotFromStripe(bare, 1)).toMatchObject({
      customerId: 'cus_9',
      priceId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      paymentMethodBrand: null,
      paymentMethodLast4: null,
      customerEmail: null,
    });
  });
});

describe('decideChangeReason', () => {
  const state = (status: string, cancelAtPeriodEnd = false) => ({ status, cancelAtPeriodEnd });

  it('names a change of status by where it ends', () => {
    expect(decideChangeReason('checkout.session.completed', null, state('trialing'))).toBe('trial_started');
    expect(decideChangeReason('invoice.paid', state('trialing'), state('active'))).toBe('activated');
    expect(decideChangeReason('customer.subscription.deleted', state('active'), state('canceled'))).toBe('canceled');
    expect(decideChangeReason('sync', state('incomplete'), state('incomplete_expired'))).toBe('canceled');
    expect(decideChangeReason('customer.subscription.updated', state('active'), state('past_due'))).toBe('updated');
  });

  it('reports every failed payment while the subscription is unpaid, even without a change of status', () => {
    expect(decideChangeReason('invoice.payment_failed', state('past_due'), state('past_due'))).toBe('payment_failed');
    expect(decideChangeReason('invoice.payment_failed', state('active'), state('active'))).toBeNull();
  });

  it('reports a trial about to end only while the subscription still trials', () => {
    expect(decideChangeReason('customer.subscription.trial_will_end', state('trialing'), state('trialing'))).toBe(
      'trial_will_end',
    );
    expect(decideChangeReason('customer.subscription.trial_will_end', state('active'), state('active'))).toBeNull();
  });

  it('reports a cancellation at the period end, and nothing for a snapshot that changes neither', () => {
    expect(decideChangeReason('customer.subscription.updated', state('active'), state('active', true))).toBe('updated');
    expect(decideChangeReason('customer.subscription.updated', state('active'), state('active'))).toBeNull();
  });
});
