import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createRedis,
  createRedisRateLimiter,
  createRequestRedis,
  createTokenVerifier,
  type Redis,
  signAccessToken,
  type TAuthClaims,
} from '@sh/shared/server';
import {
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { buildBillingApp } from '../../billing/src/app.js';
import { readConfig as readBillingConfig } from '../../billing/src/config.js';
import { createStripeClient } from '../../billing/src/stripe/create-stripe-client.js';
import { buildGaragesApp } from '../../garages/src/app.js';
import { createCompaniesHouseClient } from '../../garages/src/clients/companies-house.js';
import { createIdentityClient as createGaragesIdentityClient } from '../../garages/src/clients/identity.js';
import { buildIdentityApp } from '../../identity/src/app.js';
import { buildNotificationsApp } from '../../notifications/src/app.js';
import { buildRecordsApp } from '../../records/src/app.js';
import { readOnlyRecordsDeps } from '../../records/test/harness.js';
import { buildGatewayApp } from '../src/routes/app.js';
import type { UpstreamName } from '../src/domain/routing.js';

/** The one internal token every service of this stack and the gateway share, as in a deployment. */
export const STACK_INTERNAL_TOKEN = 'gateway-admin-stack-internal-token';
/** Nobody listens here: what a service needs from another is not part of these tests, and would fail loudly. */
const NOBODY = 'http://127.0.0.1:9';

interface Listening {
  url: string;
  close(): Promise<void>;
}

export interface AdminStack {
  /** Each service on its own port and database, as the gateway sees it. */
  urls: Record<UpstreamName, string>;
  dbs: Record<UpstreamName, TestDatabase>;
  prefix: string;
  redis: Redis;
  tokenFor(claims: TAuthClaims): string;
  /**
   * A gateway in front of these services, or of the ones given instead (a stopped one, a silent one), seeing Redis at
   * `redisUrl` (by default the test Redis).
   */
  startGateway(options?: { upstreams?: Partial<Record<UpstreamName, string>>; redisUrl?: string }): Promise<Listening>;
  close(): Promise<void>;
}

/**
 * The five services for real, each on its own test database and port, all sharing one internal token and one queue
 * prefix on the test Redis, and gateways in front of them that verify tokens with a test key.
 */
export async function startAdminStack(): Promise<AdminStack> {
  const keys = createTestKeyPair();
  const verifier = createTokenVerifier({ publicKey: keys.publicKey });
  const prefix = testQueuePrefix();
  const redis = createRedis(TEST_REDIS_URL);
  const queue = { redisUrl: TEST_REDIS_URL, prefix };
  const migrations = (service: UpstreamName) => path.join(import.meta.dirname, `../../${service}/migrations`);
  const [identityDb, garagesDb, recordsDb, billingDb, notificationsDb] = await Promise.all(
    (['identity', 'garages', 'records', 'billing', 'notifications'] as const).map((service) =>
      createTestDatabase(service, migrations(service)),
    ),
  );
  const dbs = {
    identity: identityDb!,
    garages: garagesDb!,
    records: recordsDb!,
    billing: billingDb!,
    notifications: notificationsDb!,
  };

  const billingConfig = readBillingConfig({
    NODE_ENV: 'test',
    DATABASE_URL: dbs.billing.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    JWT_PUBLIC_KEY: keys.publicKey,
    INTERNAL_TOKEN: STACK_INTERNAL_TOKEN,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: '9',
  });
  const servers: Record<UpstreamName, Listening> = {
    identity: await listenForTest(
      buildIdentityApp({
        pool: dbs.identity.pool,
        redis,
        logger: testLogger,
        keys,
        internalToken: STACK_INTERNAL_TOKEN,
        keyPrefix: prefix,
        queue,
      }),
    ),
    garages: await listenForTest(
      buildGaragesApp({
        pool: dbs.garages.pool,
        redis,
        logger: testLogger,
        verifier,
        companiesHouse: createCompaniesHouseClient({
          baseUrl: NOBODY,
          apiKey: 'not-used',
          limiter: createRedisRateLimiter(redis, { key: `${prefix}:companies-house`, limit: 600, windowMs: 300_000 }),
        }),
        identity: createGaragesIdentityClient({ baseUrl: NOBODY, internalToken: STACK_INTERNAL_TOKEN }),
        companyTokenSecret: 'gateway-admin-stack-company-token-secret-0123',
        internalToken: STACK_INTERNAL_TOKEN,
        queue,
      }),
    ),
    records: await listenForTest(
      buildRecordsApp({
        ...readOnlyRecordsDeps(dbs.records.pool),
        verifier,
        redis,
        internalToken: STACK_INTERNAL_TOKEN,
        queue,
      }),
    ),
    billing: await listenForTest(
      buildBillingApp({
        pool: dbs.billing.pool,
        redis,
        logger: testLogger,
        stripe: createStripeClient(billingConfig),
        config: billingConfig,
      }),
    ),
    notifications: await listenForTest(
      buildNotificationsApp({
        pool: dbs.notifications.pool,
        redis,
        logger: testLogger,
        verifier,
        internalToken: STACK_INTERNAL_TOKEN,
        queue,
      }),
    ),
  };
  const urls = Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.url])) as Record<
    UpstreamName,
    string
  >;
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const gateways: Array<{ server: Listening; redis: Redis }> = [];

  return {
    urls,
    dbs,
    prefix,
    redis,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    async startGateway({ upstreams = urls, redisUrl = TEST_REDIS_URL } = {}) {
      const requestRedis = createRequestRedis(redisUrl);
      const server = await listenForTest(
        buildGatewayApp({
          logger: testLogger,
          redis: requestRedis,
          verifier,
          upstreams,
          budgets: { apiPerMinute: 10_000, lookupPerMinute: 10_000, authPerMinute: 10_000 },
          rateLimitPrefix: prefix,
          webDist,
          trustProxy: false,
          upstreamTimeoutMs: 5000,
          internalToken: STACK_INTERNAL_TOKEN,
        }),
      );
      gateways.push({ server, redis: requestRedis });
      return server;
    },
    async close() {
      for (const gateway of gateways) {
        await gateway.server.close();
        gateway.redis.disconnect();
      }
      await Promise.all(Object.values(servers).map((server) => server.close()));
      await Promise.all(Object.values(dbs).map((db) => db.drop()));
      const left = await redis.keys(`${prefix}*`);
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
    },
  };
}

/** An address where nothing listens: a service that is stopped. */
export async function stoppedServiceUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A service that takes connections and never answers: one that hangs. */
export async function silentService(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
