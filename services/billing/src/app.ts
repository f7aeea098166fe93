import {
  authenticate,
  createServiceApp,
  createTokenVerifier,
  refuseSuspendedGarage,
  requireRole,
  type Logger,
  type Pool,
  type Redis,
} from '@sh/shared/server';
import type { BillingConfig } from './config.js';
import { buildPlanCatalogue } from './domain/plan-catalogue.js';
import { checkoutRoutes } from './routes/checkout.js';
import { planRoutes } from './routes/plans.js';
import { portalRoutes } from './routes/portal.js';
import { subscriptionRoutes } from './routes/subscription.js';
import { webhookRoutes } from './routes/webhook.js';
import type { Stripe } from './stripe/create-stripe-client.js';

export type BillingAppConfig = Pick<
  BillingConfig,
  | 'PUBLIC_URL'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRODUCT_ID'
  | 'STRIPE_PRICE_ID'
  | 'JWT_PUBLIC_KEY'
  | 'IDENTITY_URL'
  | 'INTERNAL_TOKEN'
  | 'REDIS_URL'
  | 'REDIS_KEY_PREFIX'
>;

/** Builds the billing service's app (no listen), for main.ts and the tests. */
export function buildBillingApp(deps: {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  stripe: Stripe;
  config: BillingAppConfig;
}) {
  const { pool, stripe, config } = deps;
  const requireToken = authenticate(
    createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
  );
  // A garage's own billing calls: a token, the garage role, and no suspension by an admin (a token issued before one
  // lives out its fifteen minutes).
  const signedInGarage = [requireToken, requireRole('garage'), refuseSuspendedGarage(pool)];
  const products = buildPlanCatalogue({ productId: config.STRIPE_PRODUCT_ID, priceId: config.STRIPE_PRICE_ID });
  return createServiceApp({
    service: 'billing',
    logger: deps.logger,
    pool,
    redis: deps.redis,
    internalToken: config.INTERNAL_TOKEN,
    queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
    rawRoutes: (app) => {
      app.use(webhookRoutes({ pool, stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET }));
    },
    routes: (app) => {
      app.use(planRoutes(products));
      app.use(
        checkoutRoutes({ pool, stripe, publicUrl: config.PUBLIC_URL, priceId: config.STRIPE_PRICE_ID }, signedInGarage),
      );
      app.use(subscriptionRoutes({ pool, stripe }, signedInGarage));
      app.use(portalRoutes({ pool, stripe, publicUrl: config.PUBLIC_URL }, signedInGarage));
    },
  });
}
