import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, createRedis, ensureDatabase, migrate, runService, startRelay } from '@sh/shared/server';
import { buildBillingApp } from './app.js';
import { readConfig } from './config.js';
import { createStripeClient } from './stripe/create-stripe-client.js';

const config = readConfig();
const logger = createLogger('billing', config.LOG_LEVEL);
if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL, 10);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const redis = createRedis(config.REDIS_URL);
// Billing consumes no events; the relay carries its subscription.changed events out of the outbox.
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
const stripe = createStripeClient(config);
logger.info({ stripeApi: config.STRIPE_API_HOST ?? 'api.stripe.com' }, 'Stripe API');
await runService({
  name: 'billing',
  app: buildBillingApp({ pool, redis, logger, stripe, config }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => relay.stop(), () => pool.end(), () => redis.quit()],
});
