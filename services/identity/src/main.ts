import { migrationsBeside, startService } from '@sh/shared/server';
import { buildIdentityApp } from './app.js';
import { readConfig } from './config.js';
import { announceEmailConfirmations } from './domain/announce-email-confirmations.js';
import { ensureAdmin } from './domain/ensure-admin.js';
import { loadSigningKeys } from './domain/signing-keys.js';
import { identityEventHandlers } from './events/handlers.js';

const config = readConfig();
await startService({
  name: 'identity',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url), poolSize: 20 },
  consumes: { service: 'identity', handlers: identityEventHandlers },
  prepare: async ({ pool, logger }) => {
    const keys = await loadSigningKeys(pool, config.JWT_PRIVATE_KEY, logger);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(pool, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
      logger.info({ outcome }, outcome === 'created' ? 'first admin created' : 'admin e-mail already has an account');
    }
    const announced = await announceEmailConfirmations(pool);
    if (announced > 0) logger.info({ announced }, 'confirmed e-mails announced to the other services');
    return keys;
  },
  app: ({ pool, redis, logger }, keys) =>
    buildIdentityApp({
      pool,
      redis,
      logger,
      keys,
      internalToken: config.INTERNAL_TOKEN,
      keyPrefix: config.REDIS_KEY_PREFIX,
      queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
      apiKeyHashKey: config.API_KEY_HASH_KEY,
      secondFactor: {
        encryptionKey: config.SECOND_FACTOR_KEY,
        isRequiredForAdmins: config.REQUIRE_ADMIN_SECOND_FACTOR,
      },
    }),
});
