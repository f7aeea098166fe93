import { PLAN, PLAN_FEATURES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from './plan-catalogue.js';

describe('buildPlanCatalogue', () => {
  it('answers the one plan with the configured Stripe product and price ids', () => {
    expect(buildPlanCatalogue({ productId: 'prod_x', priceId: 'price_y' })).toEqual([
      {
        name: PLAN.name,
        description: PLAN.description,
        price: PLAN.amountMinor,
        currency: PLAN.currency,
        interval: PLAN.interval,
        mode: 'subscription',
        priceId: 'price_y',
        productId: 'prod_x',
        trialDays: 14,
        features: [...PLAN_FEATURES],
      },
    ]);
  });

  it('gives every catalogue its own feature list, so changing one cannot change the constant', () => {
    const [first] = buildPlanCatalogue({ productId: 'prod_x', priceId: 'price_y' });
    first!.features.push('something else');
    expect(buildPlanCatalogue({ productId: 'prod_x', priceId: 'price_y' })[0]!.features).toEqual([...PLAN_FEATURES]);
  });
});
