import path from 'node:path';
import { ZVehicleReportResponseSchema } from '@sh/shared/contract';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import {
  createTestKeyPair,
  deleteKeysUnder,
  listenForTest,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  type ServiceProcess,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DVLA_API_KEY, startDvlaDouble, type DvlaDouble } from '../../../doubles/src/dvla/server.js';
import {
  DEV_DVSA_API_KEY,
  DEV_DVSA_CLIENT_ID,
  DEV_DVSA_CLIENT_SECRET,
  startDvsaDouble,
  type DvsaDouble,
} from '../../../doubles/src/dvsa/server.js';
import { buildGatewayApp } from '../src/routes/app.js';

const LOOKUP_BUDGET = 10;
let redis: Redis;
let dvla: DvlaDouble;
let dvsa: DvsaDouble;
let records: ServiceProcess;
let gateway: { url: string; close(): Promise<void> };
let prefix = '';

beforeAll(async () => {
  redis = createRequestRedis(TEST_REDIS_URL);
  [dvla, dvsa] = await Promise.all([startDvlaDouble(), startDvsaDouble()]);
  prefix = testQueuePrefix();
  // Records as its own process (its main.ts wires its report), at the DVLA and DVSA doubles, with the production
  // allowances, under this test's Redis prefix.
  records = await startServiceProcess('records', {
    env: {
      REDIS_KEY_PREFIX: prefix,
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
      DVLA_API_URL: dvla.url,
      DVLA_API_KEY: DEV_DVLA_API_KEY,
      DVSA_API_URL: dvsa.url,
      DVSA_TOKEN_URL: dvsa.tokenUrl,
      DVSA_CLIENT_ID: DEV_DVSA_CLIENT_ID,
      DVSA_CLIENT_SECRET: DEV_DVSA_CLIENT_SECRET,
      DVSA_API_KEY: DEV_DVSA_API_KEY,
    },
  });
  gateway = await listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
      rateLimitPrefix: prefix,
      webDist: path.join(import.meta.dirname, 'no-web-dist'),
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: 'test-internal-token-0123456789',
      upstreams: { records: records.url },
      budgets: { apiPerMinute: 1000, lookupPerMinute: LOOKUP_BUDGET, authPerMinute: 1000 },
    }),
  );
});
afterAll(async () => {
  await gateway?.close();
  await records?.stop();
  if (prefix) await deleteKeysUnder(TEST_REDIS_URL, prefix);
  await dvla?.close();
  await dvsa?.close();
  redis?.disconnect();
});

async function vehicleCalls(url: string): Promise<number> {
  return ((await (await fetch(`${url}/_control/counts`)).json()) as { vehicleRequests: number }).vehicleRequests;
}
/** The keys under `prefix` but those of records' event queue (BullMQ's own, which come and go on their timers). */
async function keysUnder(prefix: string): Promise<number> {
  let count = 0;
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    count += batch.filter((key) => !key.startsWith(`${prefix}:events.`)).length;
  } while (cursor !== '0');
  return count;
}

describe('GET /api/v1/vehicles/{registration} through the gateway', () => {
  it("spends the lookup's budget: 200 made-up registrations from one client make no outside call past it and leave Redis's keys bounded", async () => {
    const keysBefore = await keysUnder(prefix);
    const statuses: number[] = [];
    for (let n = 0; n < 200; n += 1) {
      const registration = `QZ${String(n % 100).padStart(2, '0')}X${String.fromCharCode(65 + Math.floor(n / 100))}${String.fromCharCode(65 + (n % 26))}`;
      const response = await fetch(`${gateway.url}/api/v1/vehicles/${registration}`);
      statuses.push(response.status);
      const body: unknown = await response.json();
      if (response.status === 200) expect(ZVehicleReportResponseSchema.parse(body).data.vehicle).toBeNull();
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LOOKUP_BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - LOOKUP_BUDGET);
    expect(await vehicleCalls(dvla.url)).toBe(LOOKUP_BUDGET);
    expect(await vehicleCalls(dvsa.url)).toBe(LOOKUP_BUDGET);
    // The client's budget count, DVLA's and DVSA's allowances (bucket and day each) and the one set of "no such
    // vehicle" answers (two keys): no key per registration.
    expect((await keysUnder(prefix)) - keysBefore).toBeLessThanOrEqual(7);
    // One budget for both: the lookup is spent too.
    expect((await fetch(`${gateway.url}/api/v1/service-records/lookup/AB12CDE`)).status).toBe(429);
  });
});
