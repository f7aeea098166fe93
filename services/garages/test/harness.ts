import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createRedis,
  createRedisRateLimiter,
  createTokenVerifier,
  type Redis,
  signAccessToken,
  type TAuthClaims,
} from '@sh/shared/server';
import {
  callJson,
  createTestDatabase,
  listenForTest,
  NOBODY_URL,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { startCompaniesHouseFake, type CompaniesHouseFake } from '../../../doubles/src/companies-house/server.js';
import { buildGaragesApp } from '../src/app.js';
import { createCompaniesHouseClient, type CompaniesHouseClient } from '../src/clients/companies-house.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { FIXTURES_PATH } from './builders.js';

export { buildGarage, COMPANIES, FIXTURES_PATH, signupPayload } from './builders.js';

export const GARAGES_MIGRATIONS = path.join(import.meta.dirname, '../migrations');
export const TEST_INTERNAL_TOKEN = 'garages-test-internal-token-0123';
export const TEST_COMPANY_TOKEN_SECRET = 'garages-test-company-token-secret-0123456789';

export interface Stack {
  garagesUrl: string;
  /** Identity, when the stack was started with it; otherwise an address where nobody listens. */
  identityUrl: string;
  garagesDb: TestDatabase;
  fake: CompaniesHouseFake;
  redis: Redis;
  prefix: string;
  /** Signs an access token with identity's key (the shared test key pair), as identity would. */
  tokenFor(claims: TAuthClaims): string;
  close(): Promise<void>;
}

/** A stack started with identity (`{ identity: true }`), whose database a test may read. */
export interface StackWithIdentity extends Stack {
  identityDb: TestDatabase;
}

interface StackOptions {
  rateLimit?: number;
  companiesHouse?: CompaniesHouseClient;
  /** Identity as its own process (its main.ts, its own database): for the tests that sign a garage up. */
  identity?: boolean;
}

/**
 * The garages service with everything it talks to, for real: identity with `identity: true` (its own process and
 * database, on a real port; otherwise garages' calls to it fail loudly), the Companies House fake serving the test
 * fixtures, Postgres and Redis. `rateLimit` shrinks the Companies House allowance for the limiter test.
 */
export async function startStack(options: StackOptions & { identity: true }): Promise<StackWithIdentity>;
export async function startStack(options?: StackOptions): Promise<Stack>;
export async function startStack(options: StackOptions = {}): Promise<Stack | StackWithIdentity> {
  const keys = TEST_KEY_PAIR;
  const identity = options.identity
    ? await startServiceProcess('identity', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN } })
    : undefined;
  const identityUrl = identity?.url ?? NOBODY_URL;
  const garagesDb = await createTestDatabase('garages', GARAGES_MIGRATIONS);
  const fake = await startCompaniesHouseFake({ port: 0, fixturesPath: FIXTURES_PATH });
  const redis = createRedis(TEST_REDIS_URL);
  const prefix = testQueuePrefix();
  const companiesHouse =
    options.companiesHouse ??
    createCompaniesHouseClient({
      baseUrl: fake.url,
      apiKey: 'test-api-key',
      limiter: createRedisRateLimiter(redis, {
        key: `${prefix}:companies-house`,
        limit: options.rateLimit ?? 600,
        windowMs: 300_000,
      }),
    });
  const garagesServer = await listenForTest(
    buildGaragesApp({
      pool: garagesDb.pool,
      logger: testLogger,
      // Identity's published key when it runs, as in production; otherwise its key pair's public half.
      verifier: createTokenVerifier(identity ? { identityUrl } : { publicKey: keys.publicKey }),
      companiesHouse,
      identity: createIdentityClient({ baseUrl: identityUrl, internalToken: TEST_INTERNAL_TOKEN }),
      companyTokenSecret: TEST_COMPANY_TOKEN_SECRET,
      internalToken: TEST_INTERNAL_TOKEN,
      queue: { redisUrl: TEST_REDIS_URL, prefix },
    }),
  );
  return {
    garagesUrl: garagesServer.url,
    identityUrl,
    garagesDb,
    ...(identity ? { identityDb: identity.db! } : {}),
    fake,
    redis,
    prefix,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    async close() {
      await garagesServer.close();
      await identity?.stop();
      await fake.close();
      const keysLeft = await redis.keys(`${prefix}*`);
      if (keysLeft.length > 0) await redis.del(...keysLeft);
      await redis.quit();
      await garagesDb.drop();
    },
  };
}

/** A JSON call against a running service. */
export const call = callJson;

/** Garage rows and identity users, to show that a refused signup created nothing. */
export async function countAccounts(stack: StackWithIdentity): Promise<{ garages: number; users: number }> {
  const garages = await stack.garagesDb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM garages');
  const users = await stack.identityDb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return { garages: garages.rows[0]!.n, users: users.rows[0]!.n };
}

/** An admin's access token, as identity would sign it. */
export function adminTokenFor(
  stack: Stack,
  email = 'admin@wrenchmark.test',
): { id: string; email: string; token: string } {
  const id = randomUUID();
  return { id, email, token: stack.tokenFor({ sub: id, role: 'admin', email }) };
}
