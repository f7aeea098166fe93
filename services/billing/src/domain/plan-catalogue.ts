import { PLAN, PLAN_FEATURES, type TPlanProduct } from '@sh/shared/contract';

/** The one-item plan catalogue (docs/product.md#the-plan), with Stripe's product and price ids from configuration. */
export function buildPlanCatalogue(ids: { productId: string; priceId: string }): TPlanProduct[] {
  return [
    {
      name: PLAN.name,
      description: PLAN.description,
      price: PLAN.amountMinor,
      currency: PLAN.currency,
      interval: PLAN.interval,
      mode: PLAN.mode,
      priceId: ids.priceId,
      productId: ids.productId,
      trialDays: PLAN.trialDays,
      features: [...PLAN_FEATURES],
    },
  ];
}
