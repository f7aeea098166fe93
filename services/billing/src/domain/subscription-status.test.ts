import { describe, expect, it } from 'vitest';
import { apiStatusOf, eventStatusOf, isEntitledStripeStatus } from './subscription-status.js';

describe('apiStatusOf', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past_due', 'past_due'],
    ['canceled', 'canceled'],
    ['unpaid', 'past_due'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', 'inactive'],
    ['paused', 'inactive'],
    ['something new', 'inactive'],
  ])('shows Stripe status %s to the SPA as %s', (stripeStatus, shown) => {
    expect(apiStatusOf(stripeStatus)).toBe(shown);
  });
});

describe('isEntitledStripeStatus', () => {
  it('entitles active and trialing subscriptions only', () => {
    const statuses = [
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'canceled',
      'incomplete',
      'incomplete_expired',
      'paused',
    ];
    expect(statuses.filter(isEntitledStripeStatus)).toEqual(['active', 'trialing']);
  });
});

describe('eventStatusOf', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past_due', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete', 'incomplete'],
    ['unpaid', 'unpaid'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'inactive'],
  ])('carries Stripe status %s in subscription.changed as %s', (stripeStatus, carried) => {
    expect(eventStatusOf(stripeStatus)).toBe(carried);
  });
});
