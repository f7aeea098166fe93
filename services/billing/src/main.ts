import { migrationsBeside, startService } from '@sh/shared/server';
import { buildBillingApp } from './app.js';
import { readConfig } from './config.js';
import { createBillingEventHandlers } from './events/handlers.js';
import { createStripeClient } from './stripe/create-stripe-client.js';

// The relay carries billing's subscription.changed events out of the outbox; billing hears identity's e-mail events.
const config = readConfig();
const stripe = createStripeClient(config);
await startService({
  name: 'billing',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url) },
  consumes: { service: 'billing', handlers: createBillingEventHandlers({ stripe }) },
  prepare: ({ logger }) => {
    logger.info({ stripeApi: config.STRIPE_API_HOST ?? 'api.stripe.com' }, 'Stripe API');
  },
  app: ({ pool, redis, logger }) => buildBillingApp({ pool, redis, logger, stripe, config }),
});
