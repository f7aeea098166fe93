import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, createRedis, createTokenVerifier, migrate, runService, startConsumer, startRelay } from '@sh/shared/server';
import { buildRecordsApp } from './app.js';
import { createIdentityClient } from './clients/identity.js';
import { readConfig } from './config.js';
import { chainWaitingRecords } from './domain/chain-waiting-records.js';
import { loadReceiptSigner } from './domain/signing-key.js';
import { recordsEventHandlers } from './events/handlers.js';

const config = readConfig();
const logger = createLogger('records', config.LOG_LEVEL);
const pool = createPool(config.DATABASE_URL, 20);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const signer = await loadReceiptSigner(pool, config.RECORDS_SIGNING_KEY, logger);
await chainWaitingRecords(pool, signer, logger);
const redis = createRedis(config.REDIS_URL);
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
const consumer = startConsumer({
  service: 'records',
  pool,
  redisUrl: config.REDIS_URL,
  prefix: config.BULLMQ_PREFIX,
  logger,
  handlers: recordsEventHandlers,
});
await runService({
  name: 'records',
  app: buildRecordsApp({
    pool,
    redis,
    logger,
    signer,
    verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
    identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
  }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => consumer.close(), () => relay.stop(), () => pool.end(), () => redis.quit()],
});
