import { migrationsBeside, startService } from '@sh/shared/server';
import { buildBillingApp } from './app.js';
import { readConfig } from './config.js';
import { createStripeClient } from './stripe/create-stripe-client.js';

// Billing consumes no events; the relay carries its subscription.changed events out of the outbox.
const config = readConfig();
await startService({
  name: 'billing',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url) },
  prepare: ({ logger }) => {
    logger.info({ stripeApi: config.STRIPE_API_HOST ?? 'api.stripe.com' }, 'Stripe API');
    return createStripeClient(config);
  },
  app: ({ pool, redis, logger }, stripe) => buildBillingApp({ pool, redis, logger, stripe, config }),
});
