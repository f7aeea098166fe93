import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, createRedis, ensureDatabase, migrate, runService, startRelay } from '@sh/shared/server';
import { buildIdentityApp } from './app.js';
import { readConfig } from './config.js';
import { ensureAdmin } from './domain/ensure-admin.js';
import { loadSigningKeys } from './domain/signing-keys.js';

const config = readConfig();
const logger = createLogger('identity', config.LOG_LEVEL);
if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL, 20);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const keys = await loadSigningKeys(pool, config.JWT_PRIVATE_KEY, logger);
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const outcome = await ensureAdmin(pool, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  logger.info({ outcome }, outcome === 'created' ? 'first admin created' : 'admin e-mail already has an account');
}
const redis = createRedis(config.REDIS_URL);
// Identity consumes no events (EVENT_SUBSCRIBERS lists none for it); it only publishes its outbox.
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
await runService({
  name: 'identity',
  app: buildIdentityApp({ pool, redis, logger, keys, internalToken: config.INTERNAL_TOKEN, keyPrefix: config.BULLMQ_PREFIX }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => relay.stop(), () => pool.end(), () => redis.quit()],
});
