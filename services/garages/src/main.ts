import { createRedisRateLimiter, createTokenVerifier, migrationsBeside, startService } from '@sh/shared/server';
import { buildGaragesApp } from './app.js';
import { createCompaniesHouseClient } from './clients/companies-house.js';
import { createIdentityClient } from './clients/identity.js';
import { readConfig } from './config.js';
import { garagesEventHandlers } from './events/handlers.js';

const config = readConfig();
await startService({
  name: 'garages',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url), poolSize: 20 },
  consumes: { service: 'garages', handlers: garagesEventHandlers },
  app: ({ pool, redis, logger }) =>
    buildGaragesApp({
      pool,
      redis,
      logger,
      verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
      companiesHouse: createCompaniesHouseClient({
        baseUrl: config.COMPANIES_HOUSE_URL,
        apiKey: config.COMPANIES_HOUSE_API_KEY,
        limiter: createRedisRateLimiter(redis, {
          key: `${config.REDIS_KEY_PREFIX}:garages:companies-house:calls`,
          limit: config.COMPANIES_HOUSE_RATE_LIMIT,
          windowMs: config.COMPANIES_HOUSE_RATE_WINDOW_SECONDS * 1000,
        }),
      }),
      identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
      companyTokenSecret: config.COMPANY_TOKEN_SECRET,
      internalToken: config.INTERNAL_TOKEN,
      queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
    }),
});
