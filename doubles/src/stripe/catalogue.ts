import { PLAN } from '@sh/shared/contract';
import type { CatalogueEntry } from './state.js';

/** The product and price billing is configured with in development (its STRIPE_PRODUCT_ID / STRIPE_PRICE_ID defaults). */
export const LOCAL_PRODUCT_ID = 'prod_local_professional';
export const LOCAL_PRICE_ID = 'price_local_professional_monthly';
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_double';

/** The plan of docs/product.md#the-plan, as the double's catalogue holds it. */
export const DEFAULT_CATALOGUE: CatalogueEntry[] = [
  {
    productId: LOCAL_PRODUCT_ID,
    priceId: LOCAL_PRICE_ID,
    name: PLAN.name,
    description: PLAN.description,
    unitAmount: PLAN.amountMinor,
    currency: PLAN.currency,
    interval: PLAN.interval,
  },
];
