import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, ZErrorEnvelopeSchema } from '@sh/shared/contract';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import {
  listenForTest,
  NOBODY_URL,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompaniesHouseFake, type CompaniesHouseFake } from '../../../doubles/src/companies-house/server.js';
import { buildGarage, COMPANIES, FIXTURES_PATH, signupPayload } from '../../garages/test/builders.js';
import { buildGatewayApp } from '../src/routes/app.js';

// Who is registered is not public: the signup's duplicate check says nothing of an e-mail, and is counted, like the
// signup itself, against the credential budget of the caller's address.

const CREDENTIALS_PER_MINUTE = 4;
const INTERNAL_TOKEN = 'gateway-signup-test-internal-token';
let fake: CompaniesHouseFake;
let garages: ServiceProcess;
/** Garages' database, as its builders take it. */
let stack: { garagesDb: NonNullable<ServiceProcess['db']> };
let redis: Redis;
let gateway: { url: string; close(): Promise<void> };
let prefix = '';

beforeAll(async () => {
  // Garages as its own process, with the Companies House fake serving its test fixtures.
  fake = await startCompaniesHouseFake({ port: 0, fixturesPath: FIXTURES_PATH });
  garages = await startServiceProcess('garages', {
    env: {
      COMPANIES_HOUSE_URL: fake.url,
      COMPANIES_HOUSE_API_KEY: 'test-api-key',
      COMPANY_TOKEN_SECRET: 'gateway-signup-test-company-token-secret-0123',
      INTERNAL_TOKEN,
    },
  });
  stack = { garagesDb: garages.db! };
  redis = createRequestRedis(TEST_REDIS_URL);
  prefix = testQueuePrefix();
  gateway = await listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey }),
      upstreams: { garages: garages.url, identity: NOBODY_URL },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: CREDENTIALS_PER_MINUTE },
      rateLimitPrefix: prefix,
      webDist: mkdtempSync(path.join(tmpdir(), 'web-dist-')),
      trustProxy: 'loopback',
      upstreamTimeoutMs: 5000,
      internalToken: INTERNAL_TOKEN,
    }),
  );
});
afterAll(async () => {
  await gateway?.close();
  redis?.disconnect();
  await garages?.stop();
  await fake?.close();
});

let clientCounter = 0;
/** A client address of its own (behind the trusted loopback proxy), so that each test has a fresh budget. */
const newClient = () => `198.51.100.${(clientCounter += 1)}`;

async function post(pathname: string, body: unknown, client: string) {
  const response = await fetch(`${gateway.url}/api/v1${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('POST /api/v1/garages/check-duplicates through the gateway', () => {
  it('answers an anonymous caller the same for a registered e-mail as for an unknown one', async () => {
    const garage = await buildGarage(stack);
    const client = newClient();
    const registered = await post(
      '/garages/check-duplicates',
      { email: garage.email, companies_house_number: '00000001' },
      client,
    );
    const unknown = await post(
      '/garages/check-duplicates',
      { email: `nobody.${Date.now()}@example.co.uk`, companies_house_number: '00000001' },
      client,
    );
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual(unknown.body);
  });

  it('is counted against the credential budget: past it, 429 with Retry-After, and the signup shares the budget', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < CREDENTIALS_PER_MINUTE; i += 1) {
      statuses.push(
        (await post('/garages/check-duplicates', { companies_house_number: `0000000${i}` }, client)).status,
      );
    }
    expect(statuses).toEqual(Array.from({ length: CREDENTIALS_PER_MINUTE }, () => 200));
    const spent = await post('/garages/check-duplicates', { companies_house_number: '00000009' }, client);
    expect(spent.status).toBe(429);
    expect(ZErrorEnvelopeSchema.parse(spent.body)).toMatchObject({
      code: 'rate_limited',
      message: MESSAGES.platform.rateLimited,
    });
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('/garages', signupPayload(COMPANIES.eden), client)).status).toBe(429);
    // Another address has its own budget.
    expect((await post('/garages/check-duplicates', { companies_house_number: '00000009' }, newClient())).status).toBe(
      200,
    );
  });

  it('tells whoever sends a whole signup with a registered e-mail to sign in or reset the password, and creates nothing', async () => {
    const garage = await buildGarage(stack);
    const taken = await post('/garages', signupPayload(COMPANIES.gower, { email: garage.email }), newClient());
    expect(taken.status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(taken.body)).toMatchObject({
      code: 'duplicate_email',
      message: MESSAGES.signup.duplicateEmail,
      errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
    });
    const { rows } = await stack.garagesDb.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM garages WHERE companies_house_number = $1',
      [COMPANIES.gower.number],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
