import { describe, expect, it } from 'vitest';
import { garageStatusFor } from './apply-subscription-change.js';

describe('garageStatusFor', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past_due', 'past_due'],
    ['canceled', 'canceled'],
    ['inactive', 'inactive'],
    ['incomplete', 'inactive'],
    ['unpaid', 'past_due'],
  ] as const)("stores Stripe's %s as %s", (stripeStatus, garageStatus) => {
    expect(garageStatusFor(stripeStatus)).toBe(garageStatus);
  });
});
