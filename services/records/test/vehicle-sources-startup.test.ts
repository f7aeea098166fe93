import path from 'node:path';
import { ZVehicleReportResponseSchema } from '@sh/shared/contract';
import {
  createTestDatabase,
  createTestKeyPair,
  runServiceMain,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDvlaDouble, type DvlaDouble } from '../../../doubles/src/dvla/server.js';
import { startDvsaDouble, type DvsaDouble } from '../../../doubles/src/dvsa/server.js';
import { readConfig } from '../src/config.js';
import { RECORDS_MIGRATIONS } from './harness.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');
const SECRET = 'dvsa-secret-that-must-not-leak-42';

let db: TestDatabase;
let dvla: DvlaDouble;
let dvsa: DvsaDouble;

beforeAll(async () => {
  db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  [dvla, dvsa] = await Promise.all([
    startDvlaDouble({ apiKey: 'startup-dvla-key' }),
    startDvsaDouble({ clientId: 'startup-client', clientSecret: SECRET, apiKey: 'startup-dvsa-key' }),
  ]);
});
afterAll(async () => {
  await dvla?.close();
  await dvsa?.close();
  await db?.drop();
});

describe("records' configuration for DVLA and DVSA", () => {
  it('names every missing key in production, and defaults the URLs to the real APIs', async () => {
    const result = await runServiceMain({
      serviceDir: SERVICE_DIR,
      service: 'records',
      env: { NODE_ENV: 'production', REDIS_URL: TEST_REDIS_URL, IDENTITY_URL: 'http://127.0.0.1:4001' },
    });
    expect(result.code).toBe(1);
    for (const name of ['DVLA_API_KEY', 'DVSA_CLIENT_ID', 'DVSA_CLIENT_SECRET', 'DVSA_API_KEY'])
      expect(result.stderr).toContain(`${name} is required`);
    for (const name of ['DVLA_API_URL', 'DVSA_API_URL', 'DVSA_TOKEN_URL', 'DVSA_SCOPE'])
      expect(result.stderr).not.toContain(name);
  });

  it('points at the local doubles in development', () => {
    const config = readConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      DVLA_API_URL: 'http://127.0.0.1:4012',
      DVSA_API_URL: 'http://127.0.0.1:4013',
      DVSA_TOKEN_URL: 'http://127.0.0.1:4013/oauth2/token',
      DVSA_SCOPE: 'https://tapi.dvsa.gov.uk/.default',
    });
  });
});

describe('records started by its main.ts', () => {
  it("answers a vehicle's report from the sources it is configured with, and never logs the DVSA secret", async () => {
    const keys = createTestKeyPair();
    let answer: { status: number; body: unknown } | undefined;
    const result = await runServiceMain({
      serviceDir: SERVICE_DIR,
      service: 'records',
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'trace',
        PORT: '0',
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: testQueuePrefix(),
        JWT_PUBLIC_KEY: keys.publicKey,
        DVLA_API_URL: dvla.url,
        DVLA_API_KEY: 'startup-dvla-key',
        DVSA_API_URL: dvsa.url,
        DVSA_TOKEN_URL: dvsa.tokenUrl,
        DVSA_CLIENT_ID: 'startup-client',
        DVSA_CLIENT_SECRET: SECRET,
        DVSA_API_KEY: 'startup-dvsa-key',
      },
      onListening: async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/vehicles/AD61HCX`);
        answer = { status: response.status, body: await response.json() };
      },
    });
    expect(result.code).toBe(0);
    expect(answer?.status).toBe(200);
    const data = ZVehicleReportResponseSchema.parse(answer!.body).data;
    expect(data.missing).toEqual([]);
    expect(data.vehicle).toMatchObject({ make: 'BMW', model: '3 SERIES' });
    expect(data.motTests.length).toBeGreaterThan(0);
    expect(dvsa.control.counts.tokenRequests).toBe(1);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });
});
