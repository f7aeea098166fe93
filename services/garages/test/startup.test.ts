import path from 'node:path';
import { createRedis } from '@sh/shared/server';
import {
  createTestDatabase,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
  runServiceMain,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARAGES_MIGRATIONS } from './harness.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');

/** This service's entry point, run for real with exactly the given environment. */
const runMain = (
  env: Record<string, string>,
  options: { viaNpx?: boolean; onListening?: (port: number) => Promise<void> } = {},
) => runServiceMain({ serviceDir: SERVICE_DIR, service: 'garages', env, ...options });

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('garages', GARAGES_MIGRATIONS);
});
afterAll(async () => {
  await db?.drop();
});

describe('garages start-up', () => {
  it('exits non-zero in production naming every missing secret, but not COMPANIES_HOUSE_URL (it defaults to the real API)', async () => {
    const run = await runMain({ NODE_ENV: 'production' }, { viaNpx: true });
    expect(run.code).not.toBe(0);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'IDENTITY_URL',
      'INTERNAL_TOKEN',
      'COMPANIES_HOUSE_API_KEY',
      'COMPANY_TOKEN_SECRET',
    ]) {
      expect(run.stderr).toContain(`${name} is required`);
    }
    expect(run.stderr).not.toContain('COMPANIES_HOUSE_URL');
  });

  it('starts with development defaults, answers /readyz and stops cleanly on SIGTERM', async () => {
    let readiness = 0;
    const prefix = testQueuePrefix();
    const run = await runMain(
      { NODE_ENV: 'development', DATABASE_URL: db.url, PORT: '0', REDIS_KEY_PREFIX: prefix },
      {
        onListening: async (port) => {
          readiness = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
        },
      },
    );
    expect(readiness).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('garages shutting down');
    const redis = createRedis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
});
