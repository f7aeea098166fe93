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
  createTestKeyPair,
  listenForTest,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { startCompaniesHouseFake, type CompaniesHouseFake } from '../../../doubles/src/companies-house/server.js';
import { buildIdentityApp } from '../../identity/src/app.js';
import { buildGaragesApp } from '../src/app.js';
import { createCompaniesHouseClient, type CompaniesHouseClient } from '../src/clients/companies-house.js';
import { createIdentityClient } from '../src/clients/identity.js';

export const GARAGES_MIGRATIONS = path.join(import.meta.dirname, '../migrations');
export const IDENTITY_MIGRATIONS = path.join(import.meta.dirname, '../../identity/migrations');
export const FIXTURES_PATH = path.join(import.meta.dirname, 'fixtures/companies.json');
export const TEST_INTERNAL_TOKEN = 'garages-test-internal-token-0123';
export const TEST_COMPANY_TOKEN_SECRET = 'garages-test-company-token-secret-0123456789';

/** Fixture companies (test/fixtures/companies.json) the tests refer to. */
export const COMPANIES = {
  hartley: { number: '04879592', name: 'HARTLEY MOTORS LTD' },
  hartleyLookAlike: { number: '11343566', name: 'HARTLEY MOTOR SERVICES LIMITED' },
  bridgend: { number: '08069655', name: 'BRIDGEND AUTO REPAIRS LTD' },
  kelvinside: { number: '06279983', name: 'KELVINSIDE GARAGE LTD' },
  welland: { number: '09370351', name: 'WELLAND VALLEY MOTORS LTD' },
  pennine: { number: '07470832', name: 'PENNINE AUTO CENTRE LTD' },
  clent: { number: '05153249', name: 'CLENT HILLS GARAGE LTD' },
  brunel: { number: '12858720', name: 'BRUNEL MOTOR ENGINEERS LTD' },
  forth: { number: '10117359', name: 'FORTH BRIDGE AUTOS LTD' },
  gower: { number: '08868305', name: 'GOWER MOTOR SERVICES LTD' },
  lavenderDissolved: { number: '04541030', name: 'LAVENDER HILL GARAGE LTD' },
  blackwater: { number: '13368762', name: 'BLACKWATER TYRE & SERVICE LTD' },
  eden: { number: '06939294', name: 'EDEN VALLEY MOTORS LTD' },
  obrien: { number: 'SC412345', name: "O'BRIEN & SONS (MOTORS) LIMITED" },
  menaiInLiquidation: { number: '03666200', name: 'MENAI MOTORS LTD' },
} as const;

export interface Stack {
  garagesUrl: string;
  identityUrl: string;
  garagesDb: TestDatabase;
  identityDb: TestDatabase;
  fake: CompaniesHouseFake;
  redis: Redis;
  prefix: string;
  /** Signs an access token with identity's key, as identity would. */
  tokenFor(claims: TAuthClaims): string;
  close(): Promise<void>;
}

/**
 * The garages service with everything it talks to, for real: identity (its app, own database, real port),
 * the Companies House fake serving the test fixtures, Postgres and Redis. `rateLimit` shrinks the
 * Companies House allowance for the limiter test.
 */
export async function startStack(
  options: { rateLimit?: number; companiesHouse?: CompaniesHouseClient } = {},
): Promise<Stack> {
  const keys = createTestKeyPair();
  const identityDb = await createTestDatabase('identity', IDENTITY_MIGRATIONS);
  const identityServer = await listenForTest(
    buildIdentityApp({ pool: identityDb.pool, logger: testLogger, keys, internalToken: TEST_INTERNAL_TOKEN }),
  );
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
      verifier: createTokenVerifier({ identityUrl: identityServer.url }),
      companiesHouse,
      identity: createIdentityClient({ baseUrl: identityServer.url, internalToken: TEST_INTERNAL_TOKEN }),
      companyTokenSecret: TEST_COMPANY_TOKEN_SECRET,
      internalToken: TEST_INTERNAL_TOKEN,
      queue: { redisUrl: TEST_REDIS_URL, prefix },
    }),
  );
  return {
    garagesUrl: garagesServer.url,
    identityUrl: identityServer.url,
    garagesDb,
    identityDb,
    fake,
    redis,
    prefix,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    async close() {
      await garagesServer.close();
      await identityServer.close();
      await fake.close();
      const keysLeft = await redis.keys(`${prefix}*`);
      if (keysLeft.length > 0) await redis.del(...keysLeft);
      await redis.quit();
      await garagesDb.drop();
      await identityDb.drop();
    },
  };
}

/** A JSON call against a running service. */
export const call = callJson;

/** A valid signup payload for a fixture company; override any field. */
export function signupPayload(company: { number: string; name: string }, overrides: Record<string, unknown> = {}) {
  const slug = company.name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    name: company.name,
    email: `office@${slug}.co.uk`,
    phone: '07700900123',
    address: '12 Station Road, Leeds, LS1 4AB',
    companies_house_number: company.number,
    full_name: 'Sam Patel',
    password: 'Spanner42',
    referral_code: null,
    ...overrides,
  };
}

/** Garage rows and identity users, to show that a refused signup created nothing. */
export async function countAccounts(stack: Stack): Promise<{ garages: number; users: number }> {
  const garages = await stack.garagesDb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM garages');
  const users = await stack.identityDb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return { garages: garages.rows[0]!.n, users: users.rows[0]!.n };
}

/** Inserts a garage straight into the table (for referral, duplicate, profile and admin list tests). */
export async function buildGarage(
  stack: Stack,
  overrides: Partial<{
    id: string;
    name: string;
    email: string;
    companyNumber: string;
    referralCode: string;
    phone: string;
    referredBy: string | null;
    subscriptionStatus: 'inactive' | 'trialing' | 'active' | 'past_due' | 'canceled';
    /** A timestamptz literal, e.g. '2026-01-05 10:00:00.123456+00', to place the garage in the newest-first list. */
    createdAt: string;
  }> = {},
) {
  const id = overrides.id ?? randomUUID();
  const garage = {
    id,
    name: overrides.name ?? 'Ashcombe Autos Ltd',
    email: overrides.email ?? `garage-${id.slice(0, 8)}@ashcombe-autos.co.uk`,
    companyNumber: overrides.companyNumber ?? `9${id.replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
    referralCode:
      overrides.referralCode ??
      `GAR-${id
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8)
        .toUpperCase()}`,
    phone: overrides.phone ?? '01392123456',
  };
  await stack.garagesDb.pool.query(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code,
                          referred_by, subscription_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, now()))`,
    [
      garage.id,
      garage.name,
      garage.name.toUpperCase(),
      garage.companyNumber,
      garage.email,
      garage.phone,
      'Unit 6 Marsh Barton, Exeter, EX2 8NX',
      'Jo Bloggs',
      garage.referralCode,
      overrides.referredBy ?? null,
      overrides.subscriptionStatus ?? 'inactive',
      overrides.createdAt ?? null,
    ],
  );
  return garage;
}

/** An admin's access token, as identity would sign it. */
export function adminTokenFor(
  stack: Stack,
  email = 'admin@wrenchmark.test',
): { id: string; email: string; token: string } {
  const id = randomUUID();
  return { id, email, token: stack.tokenFor({ sub: id, role: 'admin', email }) };
}
