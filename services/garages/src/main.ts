import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  createPool,
  createRedis,
  createTokenVerifier,
  ensureDatabase,
  migrate,
  runService,
  startConsumer,
  startRelay,
} from '@sh/shared/server';
import { buildGaragesApp } from './app.js';
import { createCompaniesHouseClient } from './clients/companies-house.js';
import { createIdentityClient } from './clients/identity.js';
import { createRedisRateLimiter } from './clients/rate-limiter.js';
import { readConfig } from './config.js';
import { garagesEventHandlers } from './events/handlers.js';

const config = readConfig();
const logger = createLogger('garages', config.LOG_LEVEL);
if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL, 20);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const redis = createRedis(config.REDIS_URL);
const companiesHouse = createCompaniesHouseClient({
  baseUrl: config.COMPANIES_HOUSE_URL,
  apiKey: config.COMPANIES_HOUSE_API_KEY,
  limiter: createRedisRateLimiter(redis, {
    key: `${config.BULLMQ_PREFIX}:garages:companies-house:calls`,
    limit: config.COMPANIES_HOUSE_RATE_LIMIT,
    windowMs: config.COMPANIES_HOUSE_RATE_WINDOW_SECONDS * 1000,
  }),
});
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
const consumer = startConsumer({
  service: 'garages',
  pool,
  redisUrl: config.REDIS_URL,
  prefix: config.BULLMQ_PREFIX,
  logger,
  handlers: garagesEventHandlers,
});
await runService({
  name: 'garages',
  app: buildGaragesApp({
    pool,
    redis,
    logger,
    verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
    companiesHouse,
    identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
    companyTokenSecret: config.COMPANY_TOKEN_SECRET,
  }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => consumer.close(), () => relay.stop(), () => pool.end(), () => redis.quit()],
});
