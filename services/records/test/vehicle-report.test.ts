import { randomUUID } from 'node:crypto';
import { MESSAGES, ZVehicleReportResponseSchema, type TVehicleReportResponse } from '@sh/shared/contract';
import {
  createRedis,
  createRequestRedis,
  createTokenBucketLimiter,
  createTokenVerifier,
  type Redis,
  signAccessToken,
} from '@sh/shared/server';
import {
  callJson,
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEV_DVLA_API_KEY, startDvlaDouble, type DvlaDouble } from '../../../doubles/src/dvla/server.js';
import {
  DEV_DVSA_API_KEY,
  DEV_DVSA_CLIENT_ID,
  DEV_DVSA_CLIENT_SECRET,
  startDvsaDouble,
  type DvsaDouble,
} from '../../../doubles/src/dvsa/server.js';
import { buildRecordsApp } from '../src/app.js';
import { createDvlaClient } from '../src/clients/dvla.js';
import { createDvsaClient } from '../src/clients/dvsa.js';
import { createIdentityClient } from '../src/clients/identity.js';
import type { VehicleReportDeps } from '../src/domain/build-vehicle-report.js';
import { createVehicleSourceCache } from '../src/domain/vehicle-source-cache.js';
import {
  adminTokenFor,
  buildGarageAccount,
  createTestSigner,
  logServiceRecord,
  RECORDS_MIGRATIONS,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';

let dvla: DvlaDouble;
let dvsa: DvsaDouble;
let stack: RecordsStack;
let redis: Redis;
let cachePrefix: string;
const closers: (() => Promise<void>)[] = [];

/** The report's sources as main.ts wires them, at the doubles, with a cache of this test run's own. */
function reportDeps(overrides: { dvlaUrl?: string; dvsaUrl?: string } = {}): VehicleReportDeps {
  const dvsaUrl = overrides.dvsaUrl ?? dvsa.url;
  return {
    dvla: createDvlaClient({ baseUrl: overrides.dvlaUrl ?? dvla.url, apiKey: DEV_DVLA_API_KEY }),
    dvsa: createDvsaClient({
      apiUrl: dvsaUrl,
      tokenUrl: `${dvsaUrl}/oauth2/token`,
      clientId: DEV_DVSA_CLIENT_ID,
      clientSecret: DEV_DVSA_CLIENT_SECRET,
      apiKey: DEV_DVSA_API_KEY,
      limiter: createTokenBucketLimiter(redis, {
        key: `${cachePrefix}:dvsa-allowance`,
        perSecond: 15,
        burst: 10,
        perDay: 500_000,
      }),
    }),
    cache: createVehicleSourceCache(redis, { keyPrefix: cachePrefix }),
  };
}

beforeAll(async () => {
  [dvla, dvsa] = await Promise.all([startDvlaDouble(), startDvsaDouble()]);
  redis = createRequestRedis(TEST_REDIS_URL);
  cachePrefix = `${testQueuePrefix()}:vehicle-source`;
  // Records with identity for real (a garage logs a service with its password re-checked), as test/harness.ts does,
  // and the buyer's report wired to the DVLA and DVSA doubles.
  const keys = TEST_KEY_PAIR;
  const stackRedis = createRedis(TEST_REDIS_URL);
  const identityUrl = inject('identityUrl');
  const db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  const signer = createTestSigner();
  const records = await listenForTest(
    buildRecordsApp({
      pool: db.pool,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: keys.publicKey }),
      signer,
      identity: createIdentityClient({ baseUrl: identityUrl, internalToken: TEST_INTERNAL_TOKEN }),
      internalToken: TEST_INTERNAL_TOKEN,
      vehicleReport: reportDeps(),
    }),
  );
  stack = {
    url: records.url,
    db,
    identityUrl,
    signer,
    redis: stackRedis,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    async close() {
      await records.close();
      stackRedis.disconnect();
      await db.drop();
    },
  };
});
afterAll(async () => {
  for (const close of closers) await close();
  await stack?.close();
  redis?.disconnect();
  await dvla?.close();
  await dvsa?.close();
});
beforeEach(async () => {
  await fetch(`${dvla.url}/_control/reset`, { method: 'POST' });
  await fetch(`${dvsa.url}/_control/reset`, { method: 'POST' });
  await redis.del(
    ...['dvla', 'dvsa'].flatMap((source) =>
      ['AD61HCX', 'CO15GRV', 'WE19UAD', 'CW15XGX', 'ZZ99ZZZ'].map((reg) => `${cachePrefix}:${source}:${reg}`),
    ),
    `${cachePrefix}:not-found`,
    `${cachePrefix}:not-found:kept-at`,
  );
});

async function report(registration: string, url = stack.url) {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/vehicles/${registration}`);
  const body = (await response.json()) as unknown;
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    ms: performance.now() - started,
    body,
  };
}
const dataOf = (body: unknown): TVehicleReportResponse['data'] => ZVehicleReportResponseSchema.parse(body).data;

async function behave(url: string, behaviour: Record<string, unknown>) {
  await fetch(`${url}/_control/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
}
async function vehicleCalls(url: string): Promise<number> {
  return ((await (await fetch(`${url}/_control/counts`)).json()) as { vehicleRequests: number }).vehicleRequests;
}

describe('GET /api/v1/vehicles/{registration}', () => {
  it("answers a seeded vehicle's details from DVLA and DVSA and its MOT tests in miles", async () => {
    const { status, cacheControl, body } = await report('AD61HCX');
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=60');
    const data = dataOf(body);
    expect(data.missing).toEqual([]);
    expect(data.vehicle).toMatchObject({
      registration: 'AD61HCX',
      make: 'BMW',
      model: '3 SERIES',
      yearOfManufacture: 2011,
      firstUsedDate: '2011-10-27',
    });
    for (const field of ['colour', 'fuelType', 'motStatus', 'motExpiryDate', 'taxStatus'] as const)
      expect(data.vehicle![field]).toEqual(expect.any(String));
    expect(typeof data.vehicle!.hasOutstandingRecall).toBe('boolean');
    expect(data.motTests.length).toBeGreaterThanOrEqual(12);
    expect(data.motTests.some((t) => t.testResult === 'FAILED' && t.defects.length > 0)).toBe(true);
    for (const test of data.motTests) {
      const expected = test.odometerUnit === 'KM' ? Math.round(test.odometerValue! / 1.609344) : test.odometerValue;
      expect(test.odometerMiles).toBe(expected);
    }
    expect(data.fetchedAt.dvla).toEqual(expect.any(String));
    expect(data.fetchedAt.dvsa).toEqual(expect.any(String));
  });

  it('converts a reading in kilometres to miles', async () => {
    // The double enters some readings in km; find a vehicle with one among the seeded showcase cars.
    for (const registration of ['AD61HCX', 'CO15GRV', 'WE19UAD', 'CW15XGX']) {
      const km = dataOf((await report(registration)).body).motTests.find((t) => t.odometerUnit === 'KM');
      if (!km) continue;
      expect(km.odometerMiles).toBe(Math.round(km.odometerValue! / 1.609344));
      expect(km.odometerMiles).toBeLessThan(km.odometerValue!);
      return;
    }
    throw new Error('none of the showcase cars has a reading in km');
  });

  it('serves a repeat from the cache: no second call to DVLA or DVSA, the same fetchedAt', async () => {
    const first = dataOf((await report('CO15GRV')).body);
    const calls = { dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) };
    expect(calls).toEqual({ dvla: 1, dvsa: 1 });
    const second = dataOf((await report('co15grv')).body);
    expect(second).toEqual(first);
    expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual(calls);
  });

  it('says neither source knows an unknown registration, and remembers that too', async () => {
    const { status, cacheControl, body } = await report('ZZ99ZZZ');
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=60');
    expect(dataOf(body)).toMatchObject({
      vehicle: null,
      motTests: [],
      missing: [
        { source: 'dvla', reason: 'not_found', message: MESSAGES.vehicleReport.dvlaNotFound },
        { source: 'dvsa', reason: 'not_found', message: MESSAGES.vehicleReport.dvsaNotFound },
      ],
    });
    await report('ZZ99ZZZ');
    expect(await vehicleCalls(dvla.url)).toBe(1);
    expect(await vehicleCalls(dvsa.url)).toBe(1);
  });

  it('waits its 2 s on a slow DVSA, not the DVSA: the details come, the MOT history is missing as slow, and it is not kept', async () => {
    await behave(dvsa.url, { delayMs: 5000 });
    const { status, cacheControl, ms, body } = await report('WE19UAD');
    expect(status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(cacheControl).toBe('no-store');
    const data = dataOf(body);
    expect(data.missing).toEqual([{ source: 'dvsa', reason: 'slow', message: MESSAGES.vehicleReport.dvsaMissing }]);
    expect(data.vehicle).toMatchObject({ make: 'NISSAN', model: null, hasOutstandingRecall: null });
    expect(data.motTests).toEqual([]);
    expect(data.fetchedAt.dvsa).toBeNull();

    await behave(dvsa.url, { delayMs: 0 });
    const next = dataOf((await report('WE19UAD')).body);
    expect(next.missing).toEqual([]);
    expect(next.motTests.length).toBeGreaterThan(0);
  });

  it('says a failing source is unavailable, and one that is not running at all too', async () => {
    await behave(dvla.url, { failWith: 503 });
    const failing = dataOf((await report('CW15XGX')).body);
    expect(failing.missing).toEqual([
      { source: 'dvla', reason: 'unavailable', message: MESSAGES.vehicleReport.dvlaMissing },
    ]);
    expect(failing.vehicle).toMatchObject({
      make: 'NISSAN',
      model: 'LEAF',
      colour: expect.any(String),
      engineCapacity: null,
      motStatus: null,
    });

    // A second records app whose DVSA is an address nobody listens on.
    const down = await listenForTest(
      buildRecordsApp({
        pool: stack.db.pool,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
        signer: createTestSigner(),
        identity: createIdentityClient({ baseUrl: 'http://127.0.0.1:9', internalToken: TEST_INTERNAL_TOKEN }),
        internalToken: TEST_INTERNAL_TOKEN,
        vehicleReport: {
          ...reportDeps({ dvsaUrl: 'http://127.0.0.1:9' }),
          cache: createVehicleSourceCache(redis, { keyPrefix: `${cachePrefix}:down` }),
        },
      }),
    );
    closers.push(down.close);
    await behave(dvla.url, { failWith: null });
    const { body } = await report('CW15XGX', down.url);
    expect(dataOf(body).missing).toEqual([
      { source: 'dvsa', reason: 'unavailable', message: MESSAGES.vehicleReport.dvsaMissing },
    ]);
  });

  it('answers 400 for a registration that is not one', async () => {
    const { status } = await report('AB12%24CD');
    expect(status).toBe(400);
  });

  it.each(['ABCDEFG', '1234567', 'ABCD123', 'AB1CCDE'])(
    'refuses %s, letters and digits in no UK format, with 400 before any outside call',
    async (registration) => {
      const { status, body } = await report(registration);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: MESSAGES.lookup.notUkRegistration,
      });
      expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual({ dvla: 0, dvsa: 0 });
    },
  );
});

describe('made-up registrations cannot spend our DVLA and DVSA allowances', () => {
  /** A records app of its own, whose cache and allowances live under a prefix of their own. */
  async function recordsWith(options: { perDay: number; dvlaPerDay?: number; notFoundCap?: number }) {
    const prefix = `${testQueuePrefix()}:made-up`;
    const allowance = (source: 'dvla' | 'dvsa') =>
      createTokenBucketLimiter(redis, {
        key: `${prefix}:${source}-allowance`,
        perSecond: 1000,
        burst: 1000,
        perDay: source === 'dvla' ? (options.dvlaPerDay ?? options.perDay) : options.perDay,
      });
    const base = reportDeps();
    const app = await listenForTest(
      buildRecordsApp({
        pool: stack.db.pool,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
        signer: createTestSigner(),
        identity: createIdentityClient({ baseUrl: 'http://127.0.0.1:9', internalToken: TEST_INTERNAL_TOKEN }),
        internalToken: TEST_INTERNAL_TOKEN,
        vehicleReport: {
          dvla: createDvlaClient({ baseUrl: dvla.url, apiKey: DEV_DVLA_API_KEY, limiter: allowance('dvla') }),
          dvsa: createDvsaClient({
            apiUrl: dvsa.url,
            tokenUrl: dvsa.tokenUrl,
            clientId: DEV_DVSA_CLIENT_ID,
            clientSecret: DEV_DVSA_CLIENT_SECRET,
            apiKey: DEV_DVSA_API_KEY,
            limiter: allowance('dvsa'),
          }),
          cache: createVehicleSourceCache(redis, {
            keyPrefix: `${prefix}:vehicle-source`,
            notFoundCap: options.notFoundCap,
          }),
          waitMs: base.waitMs,
        },
      }),
    );
    closers.push(app.close);
    const keys = async () => {
      const found: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        found.push(...batch);
      } while (cursor !== '0');
      return found.length;
    };
    return { url: app.url, prefix, keys };
  }
  /** The n-th made-up plate of the current format (QZ is no area's code, so neither double knows it). */
  const madeUp = (n: number) =>
    `QZ${String(n % 100).padStart(2, '0')}X${String.fromCharCode(65 + Math.floor(n / 100))}${String.fromCharCode(65 + (n % 26))}`;

  it("200 made-up registrations from one client make no outside call past the day's allowance and add a bounded number of Redis keys", async () => {
    const records = await recordsWith({ perDay: 20 });
    const keysBefore = await records.keys();
    const answers: TVehicleReportResponse['data'][] = [];
    for (let n = 0; n < 200; n += 1) {
      const { status, body } = await report(madeUp(n), records.url);
      expect(status).toBe(200);
      answers.push(dataOf(body));
    }
    expect(await vehicleCalls(dvla.url)).toBe(20);
    expect(await vehicleCalls(dvsa.url)).toBe(20);
    // Within the allowance DVLA and DVSA say they hold no such vehicle; past it, the report says they could not be asked.
    expect(answers[0]!.missing.map((m) => [m.source, m.reason])).toEqual([
      ['dvla', 'not_found'],
      ['dvsa', 'not_found'],
    ]);
    expect(answers[199]!.missing).toEqual([
      { source: 'dvla', reason: 'unavailable', message: MESSAGES.vehicleReport.dvlaMissing },
      { source: 'dvsa', reason: 'unavailable', message: MESSAGES.vehicleReport.dvsaMissing },
    ]);
    // The allowances' bucket and day count for each source, and the one set of "no such vehicle" answers (two keys).
    expect((await records.keys()) - keysBefore).toBeLessThanOrEqual(6);
  });

  it('keeps "no such vehicle" answers in one set that drops its oldest past the cap', async () => {
    const records = await recordsWith({ perDay: 500_000, notFoundCap: 10 });
    await report(madeUp(0), records.url);
    const keysAfterOne = await records.keys();
    for (let n = 1; n < 30; n += 1) await report(madeUp(n), records.url);
    expect(await records.keys()).toBe(keysAfterOne);
    expect(await redis.hlen(`${records.prefix}:vehicle-source:not-found`)).toBeLessThanOrEqual(10);
    expect(await redis.zcard(`${records.prefix}:vehicle-source:not-found:kept-at`)).toBeLessThanOrEqual(10);
    // The latest are remembered (no call); the oldest were dropped (asked again).
    const calls = { dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) };
    expect(calls).toEqual({ dvla: 30, dvsa: 30 });
    await report(madeUp(29), records.url);
    expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual(calls);
    await report(madeUp(0), records.url);
    expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual({ dvla: 31, dvsa: 31 });
  });

  it('asks DVLA and DVSA once for concurrent lookups of one registration', async () => {
    const records = await recordsWith({ perDay: 500_000 });
    await behave(dvla.url, { delayMs: 300 });
    await behave(dvsa.url, { delayMs: 300 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => report('CO15GRV', records.url)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(new Set(answers.map((a) => JSON.stringify(dataOf(a.body))))).toHaveProperty('size', 1);
    expect(dataOf(answers[0]!.body).missing).toEqual([]);
    expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual({ dvla: 1, dvsa: 1 });
  });

  it("lists DVLA as missing once its day's allowance is spent, as when it is down, and still shows DVSA's part", async () => {
    const records = await recordsWith({ perDay: 500_000, dvlaPerDay: 1 });
    expect(dataOf((await report('CO15GRV', records.url)).body).missing).toEqual([]);
    const { cacheControl, body } = await report('WE19UAD', records.url);
    const data = dataOf(body);
    expect(data.missing).toEqual([
      { source: 'dvla', reason: 'unavailable', message: MESSAGES.vehicleReport.dvlaMissing },
    ]);
    expect(data.vehicle).toMatchObject({ registration: 'WE19UAD', make: 'NISSAN', yearOfManufacture: null });
    expect(data.motTests.length).toBeGreaterThan(0);
    expect(cacheControl).toBe('no-store');
    expect({ dvla: await vehicleCalls(dvla.url), dvsa: await vehicleCalls(dvsa.url) }).toEqual({ dvla: 1, dvsa: 2 });
  });
});

describe("a write drops the vehicle's cached DVLA and DVSA answers", () => {
  const cached = async (registration: string) =>
    Promise.all(
      ['dvla', 'dvsa'].map(async (source) => (await redis.exists(`${cachePrefix}:${source}:${registration}`)) === 1),
    );

  it('when a garage logs a service for it, and when an admin amends or withdraws that record', async () => {
    await report('AD61HCX');
    expect(await cached('AD61HCX')).toEqual([true, true]);
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: 'AD61HCX',
      vin: 'WBAG5FBJ3BF202109',
      mileage: 160_000,
    });
    expect(await cached('AD61HCX')).toEqual([false, false]);

    // ...and the next lookup asks again, then keeps the answer.
    const before = await vehicleCalls(dvsa.url);
    await report('AD61HCX');
    expect(await vehicleCalls(dvsa.url)).toBe(before + 1);
    expect(await cached('AD61HCX')).toEqual([true, true]);

    const adminToken = adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' });
    const amended = await callJson(stack.url, 'PATCH', `/api/v1/service-records/${record.id}`, {
      token: adminToken,
      body: { notes: 'Cambelt kit fitted', reason: 'Notes were incomplete' },
    });
    expect(amended.status).toBe(200);
    expect(await cached('AD61HCX')).toEqual([false, false]);

    await report('AD61HCX');
    expect(await cached('AD61HCX')).toEqual([true, true]);
    const withdrawn = await callJson(stack.url, 'DELETE', `/api/v1/service-records/${record.id}`, {
      token: adminToken,
      body: { reason: 'Logged against the wrong vehicle' },
    });
    expect(withdrawn.status).toBe(200);
    expect(await cached('AD61HCX')).toEqual([false, false]);
  });

  it('and its "no such vehicle" answers, when a garage logs a service for a plate DVLA and DVSA did not know', async () => {
    const notFound = () =>
      Promise.all(['dvla', 'dvsa'].map((source) => redis.hexists(`${cachePrefix}:not-found`, `${source}:QY24NEW`)));
    expect(dataOf((await report('QY24NEW')).body).vehicle).toBeNull();
    expect(await notFound()).toEqual([1, 1]);
    const garage = await buildGarageAccount(stack);
    await logServiceRecord(stack, garage, { vehicle_registration: 'QY24NEW', vin: 'SJNFAAJ11U7654321', mileage: 10 });
    expect(await notFound()).toEqual([0, 0]);
  });

  it('leaves other vehicles cached', async () => {
    await report('CO15GRV');
    const garage = await buildGarageAccount(stack);
    await logServiceRecord(stack, garage, {
      vehicle_registration: 'WE19UAD',
      vin: 'SJNFAAJ11U1234567',
      mileage: 40_000,
    });
    expect(await cached('CO15GRV')).toEqual([true, true]);
  });
});

describe('without Redis', () => {
  it('answers from DVLA and DVSA every time instead of failing (the allowance kept per instance meanwhile)', async () => {
    const away = createRequestRedis('redis://127.0.0.1:9');
    const app = await listenForTest(
      buildRecordsApp({
        pool: stack.db.pool,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
        signer: createTestSigner(),
        identity: createIdentityClient({ baseUrl: 'http://127.0.0.1:9', internalToken: TEST_INTERNAL_TOKEN }),
        internalToken: TEST_INTERNAL_TOKEN,
        vehicleReport: {
          ...reportDeps(),
          dvsa: createDvsaClient({
            apiUrl: dvsa.url,
            tokenUrl: dvsa.tokenUrl,
            clientId: DEV_DVSA_CLIENT_ID,
            clientSecret: DEV_DVSA_CLIENT_SECRET,
            apiKey: DEV_DVSA_API_KEY,
            limiter: createTokenBucketLimiter(away, {
              key: 'dvsa-allowance',
              perSecond: 15,
              burst: 10,
              perDay: 500_000,
            }),
          }),
          cache: createVehicleSourceCache(away),
        },
      }),
    );
    closers.push(async () => {
      await app.close();
      away.disconnect();
    });
    const first = await report('AD61HCX', app.url);
    const second = await report('AD61HCX', app.url);
    expect(dataOf(first.body).missing).toEqual([]);
    expect(dataOf(second.body).motTests.length).toBeGreaterThan(0);
    expect(await vehicleCalls(dvla.url)).toBe(2);
    expect(await vehicleCalls(dvsa.url)).toBe(2);
  });
});
