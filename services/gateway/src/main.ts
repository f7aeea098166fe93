import { createRevokedUsers, createTokenVerifier, startService } from '@sh/shared/server';
import { buildGatewayApp } from './routes/app.js';
import { readConfig } from './config.js';

const config = readConfig();
await startService({
  name: 'gateway',
  config,
  app: ({ redis, logger }) =>
    buildGatewayApp({
      logger,
      redis,
      // A removed technician's token is refused at once (docs/product.md#the-garages-team).
      verifier: createTokenVerifier({
        publicKey: config.JWT_PUBLIC_KEY,
        identityUrl: config.IDENTITY_URL,
        revokedUsers: createRevokedUsers(redis, config.REDIS_KEY_PREFIX),
      }),
      upstreams: {
        identity: config.IDENTITY_URL,
        garages: config.GARAGES_URL,
        records: config.RECORDS_URL,
        billing: config.BILLING_URL,
        notifications: config.NOTIFICATIONS_URL,
      },
      budgets: {
        apiPerMinute: config.RATE_LIMIT_API_PER_MINUTE,
        lookupPerMinute: config.RATE_LIMIT_LOOKUP_PER_MINUTE,
        authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
        apiKeyRecordsPerMinute: config.RATE_LIMIT_API_KEY_RECORDS_PER_MINUTE,
        oneClickPerMinute: config.RATE_LIMIT_ONE_CLICK_PER_MINUTE,
      },
      rateLimitPrefix: config.REDIS_KEY_PREFIX,
      webDist: config.WEB_DIST,
      trustProxy: config.TRUST_PROXY,
      upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
      internalToken: config.INTERNAL_TOKEN,
      lookupFastPath: true,
    }),
});
