import {
  createLocalTokenBucket,
  createRedis,
  createRequestRedis,
  createTokenBucketLimiter,
  type Redis,
} from '@sh/shared/server';
import { testQueuePrefix, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_DVLA_API_KEY, startDvlaDouble, type DvlaDouble } from '../../../doubles/src/dvla/server.js';
import {
  DEV_DVSA_API_KEY,
  DEV_DVSA_CLIENT_ID,
  DEV_DVSA_CLIENT_SECRET,
  startDvsaDouble,
  type DvsaDouble,
} from '../../../doubles/src/dvsa/server.js';
import { createDvlaClient } from '../src/clients/dvla.js';
import { createDvsaClient, type DvsaClientOptions } from '../src/clients/dvsa.js';
import { SourceRateLimitedError, SourceUnavailableError } from '../src/clients/outside-call.js';

let dvsa: DvsaDouble;
let dvla: DvlaDouble;
let redis: Redis;
/** A clock both the DVSA double and the clients read, moved by the tests instead of sleeping. */
let clockMs = Date.now();
const now = () => clockMs;

beforeAll(async () => {
  [dvsa, dvla] = await Promise.all([startDvsaDouble({ tokenTtlSeconds: 300, now }), startDvlaDouble()]);
  redis = createRedis(TEST_REDIS_URL);
});
afterAll(async () => {
  await dvsa?.close();
  await dvla?.close();
  redis?.disconnect();
});
beforeEach(async () => {
  clockMs = Date.now();
  await fetch(`${dvsa.url}/_control/reset`, { method: 'POST' });
  await fetch(`${dvla.url}/_control/reset`, { method: 'POST' });
});

async function behave(url: string, behaviour: Record<string, unknown>) {
  const response = await fetch(`${url}/_control/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  expect(response.status).toBe(200);
}
async function counts(url: string): Promise<{ tokenRequests: number; vehicleRequests: number }> {
  return (await (await fetch(`${url}/_control/counts`)).json()) as { tokenRequests: number; vehicleRequests: number };
}

function dvsaClient(overrides: Partial<DvsaClientOptions> = {}) {
  return createDvsaClient({
    apiUrl: dvsa.url,
    tokenUrl: dvsa.tokenUrl,
    clientId: DEV_DVSA_CLIENT_ID,
    clientSecret: DEV_DVSA_CLIENT_SECRET,
    apiKey: DEV_DVSA_API_KEY,
    now,
    ...overrides,
  });
}

describe('DVSA client: the OAuth2 token', () => {
  it('is fetched once and reused for every call until shortly before it expires, then renewed', async () => {
    const client = dvsaClient();
    for (let i = 0; i < 3; i += 1) expect((await client.getMotHistory('AD61HCX'))?.registration).toBe('AD61HCX');
    expect(await counts(dvsa.url)).toEqual({ tokenRequests: 1, vehicleRequests: 3 });

    clockMs += 260_000; // 40 s of its 300 s left, more than a tenth of its life: reused
    await client.getMotHistory('AD61HCX');
    expect((await counts(dvsa.url)).tokenRequests).toBe(1);

    clockMs += 15_000; // within the last tenth (a minute for DVSA's hour-long tokens): renewed before it runs out
    await client.getMotHistory('AD61HCX');
    expect(await counts(dvsa.url)).toEqual({ tokenRequests: 2, vehicleRequests: 5 });
  });

  it('is fetched by one request however many lookups start together', async () => {
    const client = dvsaClient();
    const answers = await Promise.all(
      ['AD61HCX', 'CO15GRV', 'WE19UAD', 'CS14HHR', 'CW15XGX'].map((reg) => client.getMotHistory(reg)),
    );
    expect(answers.map((a) => a?.registration)).toEqual(['AD61HCX', 'CO15GRV', 'WE19UAD', 'CS14HHR', 'CW15XGX']);
    expect(await counts(dvsa.url)).toEqual({ tokenRequests: 1, vehicleRequests: 5 });
  });

  it('is renewed once when the API says it is no longer good (401), and the call succeeds', async () => {
    const client = dvsaClient({ now: () => Date.now() }); // the client's clock stays behind the double's
    await client.getMotHistory('AD61HCX');
    clockMs += 301_000; // the double now holds the token expired
    expect((await client.getMotHistory('AD61HCX'))?.registration).toBe('AD61HCX');
    expect(await counts(dvsa.url)).toEqual({ tokenRequests: 2, vehicleRequests: 3 });
  });

  it('refused (wrong secret) makes the source unavailable, and no secret is in the error', async () => {
    const error = await dvsaClient({ clientSecret: 'not-the-secret-0123' })
      .getMotHistory('AD61HCX')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect(String((error as Error).message)).not.toContain('not-the-secret-0123');
  });
});

describe('DVSA client: the answer', () => {
  it('tidies the MOT history: numbers, units, the recall as a boolean, defects', async () => {
    const history = await dvsaClient().getMotHistory('AD61HCX');
    expect(history).toMatchObject({
      registration: 'AD61HCX',
      make: 'BMW',
      model: '3 SERIES',
      firstUsedDate: '2011-10-27',
    });
    expect(typeof history!.hasOutstandingRecall).toBe('boolean');
    expect(history!.motTests.length).toBeGreaterThanOrEqual(12);
    for (const test of history!.motTests) {
      expect(Number.isInteger(test.odometerValue)).toBe(true);
      expect(['MI', 'KM']).toContain(test.odometerUnit);
    }
    expect(history!.motTests.some((t) => t.testResult === 'FAILED' && t.defects.length > 0)).toBe(true);
  });

  it('is null for a registration DVSA does not know', async () => {
    expect(await dvsaClient().getMotHistory('ZZ99ZZZ')).toBeNull();
  });
});

describe('DVSA client: a 429', () => {
  it('backs off (100 ms, doubling) and retries, and the call succeeds', async () => {
    const client = dvsaClient();
    await client.getMotHistory('AD61HCX'); // the token first, so that only the vehicle calls are timed
    await behave(dvsa.url, { tooManyRequests: 2 });
    const started = performance.now();
    expect((await client.getMotHistory('AD61HCX'))?.registration).toBe('AD61HCX');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290); // 100 ms + 200 ms
    expect((await counts(dvsa.url)).vehicleRequests).toBe(4);
  });

  it("waits the API's Retry-After when it gives one", async () => {
    const client = dvsaClient();
    await behave(dvsa.url, { tooManyRequests: 1, retryAfterSeconds: 1 });
    const started = performance.now();
    expect((await client.getMotHistory('AD61HCX'))?.registration).toBe('AD61HCX');
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect((await counts(dvsa.url)).vehicleRequests).toBe(2);
  });

  it('gives up after its retries with a rate-limited error', async () => {
    await behave(dvsa.url, { tooManyRequests: 10 });
    const error = await dvsaClient({ backoff: { baseMs: 5, retries: 2 } })
      .getMotHistory('AD61HCX')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRateLimitedError);
    expect((await counts(dvsa.url)).vehicleRequests).toBe(3);
  });

  it('stops waiting as soon as the caller gives up', async () => {
    // Told to come back in an hour: only the caller's giving up ends the wait within the test's time.
    await behave(dvsa.url, { tooManyRequests: 1, retryAfterSeconds: 3600 });
    const error = await dvsaClient()
      .getMotHistory('AD61HCX', { signal: AbortSignal.timeout(300) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
  });
});

describe("DVSA's allowance, shared through Redis (token bucket and daily count)", () => {
  it('lets a burst of 10 through at once, then 15 a second, for every instance together', async () => {
    const key = `${testQueuePrefix()}:dvsa`;
    const at = { ms: Date.UTC(2026, 10, 23, 12) };
    const options = { key, perSecond: 15, burst: 10, perDay: 500_000, now: () => at.ms };
    const instances = [createTokenBucketLimiter(redis, options), createTokenBucketLimiter(redis, options)];
    const results = [];
    for (let i = 0; i < 12; i += 1) results.push(await instances[i % 2]!.acquire());
    expect(results.filter((r) => r.isAllowed)).toHaveLength(10);
    const refused = results[10]!;
    expect(refused.isAllowed).toBe(false);
    if (!refused.isAllowed) expect(refused.retryAfterMs).toBe(67); // one token comes back every 1/15 s

    at.ms += 1000; // fifteen tokens' worth, but the bucket holds ten
    const next = [];
    for (let i = 0; i < 12; i += 1) next.push(await instances[i % 2]!.acquire());
    expect(next.filter((r) => r.isAllowed)).toHaveLength(10);

    at.ms += 200; // three tokens
    const after = [];
    for (let i = 0; i < 4; i += 1) after.push(await instances[0]!.acquire());
    expect(after.map((r) => r.isAllowed)).toEqual([true, true, true, false]);
  });

  it("stops at the day's allowance until the next UTC day", async () => {
    const key = `${testQueuePrefix()}:dvsa`;
    const at = { ms: Date.UTC(2026, 10, 23, 23, 0) };
    const limiter = createTokenBucketLimiter(redis, { key, perSecond: 15, burst: 10, perDay: 5, now: () => at.ms });
    for (let i = 0; i < 5; i += 1) expect((await limiter.acquire()).isAllowed).toBe(true);
    at.ms += 5000;
    const refused = await limiter.acquire();
    expect(refused).toEqual({ isAllowed: false, retryAfterMs: 3_595_000 });
    at.ms = Date.UTC(2026, 10, 24, 0, 0, 1);
    expect((await limiter.acquire()).isAllowed).toBe(true);
  });

  it('keeps to the rate in each instance alone while Redis is away', async () => {
    const away = createRequestRedis('redis://127.0.0.1:9');
    try {
      const at = { ms: 1_000_000 };
      const limiter = createTokenBucketLimiter(away, {
        key: 'dvsa',
        perSecond: 15,
        burst: 10,
        perDay: 500_000,
        now: () => at.ms,
      });
      const results = [];
      for (let i = 0; i < 11; i += 1) results.push((await limiter.acquire()).isAllowed);
      expect(results.filter(Boolean)).toHaveLength(10);
      at.ms += 200;
      expect((await limiter.acquire()).isAllowed).toBe(true);
    } finally {
      away.disconnect();
    }
  });

  it('on its own: a burst, then a token every 1/15 s', async () => {
    const at = { ms: 0 };
    const bucket = createLocalTokenBucket({ perSecond: 15, burst: 10, now: () => at.ms });
    for (let i = 0; i < 10; i += 1) expect((await bucket.acquire()).isAllowed).toBe(true);
    expect(await bucket.acquire()).toEqual({ isAllowed: false, retryAfterMs: 67 });
    at.ms += 67;
    expect((await bucket.acquire()).isAllowed).toBe(true);
  });

  it("is taken by the client before each call: a spent day's allowance is a rate-limited error without calling DVSA", async () => {
    const limiter = createTokenBucketLimiter(redis, {
      key: `${testQueuePrefix()}:dvsa`,
      perSecond: 15,
      burst: 10,
      perDay: 1,
    });
    const client = dvsaClient({ limiter });
    expect((await client.getMotHistory('AD61HCX'))?.registration).toBe('AD61HCX');
    await expect(client.getMotHistory('AD61HCX')).rejects.toBeInstanceOf(SourceRateLimitedError);
    expect((await counts(dvsa.url)).vehicleRequests).toBe(1);
  });
});

describe('DVLA client', () => {
  const client = () => createDvlaClient({ baseUrl: dvla.url, apiKey: DEV_DVLA_API_KEY });

  it("answers a seeded vehicle's details and null for an unknown one", async () => {
    expect(await client().getVehicle('AD61HCX')).toMatchObject({
      registrationNumber: 'AD61HCX',
      make: 'BMW',
      yearOfManufacture: 2011,
    });
    expect(await client().getVehicle('ZZ99ZZZ')).toBeNull();
  });

  it('is unavailable with a wrong key or when DVLA fails, and retries a 429', async () => {
    await expect(createDvlaClient({ baseUrl: dvla.url, apiKey: 'wrong' }).getVehicle('AD61HCX')).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
    await behave(dvla.url, { tooManyRequests: 1 });
    expect((await client().getVehicle('AD61HCX'))?.make).toBe('BMW');
    await behave(dvla.url, { failWith: 500 });
    await expect(client().getVehicle('AD61HCX')).rejects.toBeInstanceOf(SourceUnavailableError);
    expect((await counts(dvla.url)).vehicleRequests).toBe(4);
  });
});
