import path from 'node:path';
import { createTestDatabase, runServiceMain, testQueuePrefix, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { MIGRATIONS_DIR } from './harness.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');

/** This service's entry point, run for real with exactly the given environment; stopped once it listens. */
const runMain = (env: Record<string, string>, onListening?: (port: number) => Promise<void>) =>
  runServiceMain({ serviceDir: SERVICE_DIR, service: 'billing', env, onListening });

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://billing@db.internal:5432/sh_billing',
  REDIS_URL: 'redis://redis.internal:6379',
  IDENTITY_URL: 'http://identity.internal:4001',
  INTERNAL_TOKEN: 'a-production-internal-token',
  PUBLIC_URL: 'https://servicehistory.example',
  STRIPE_SECRET_KEY: 'sk_live_abcdefghijklmnop',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_secret',
  STRIPE_PRODUCT_ID: 'prod_RealProduct',
  STRIPE_PRICE_ID: 'price_RealPrice',
};

describe('billing start-up', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('billing', MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('exits non-zero naming STRIPE_WEBHOOK_SECRET when production starts without it', async () => {
    const { STRIPE_WEBHOOK_SECRET: _omitted, ...env } = PRODUCTION_ENV;
    const run = await runMain(env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('STRIPE_WEBHOOK_SECRET is required');
    expect(run.stdout).not.toContain('billing listening');
  });

  it('exits non-zero naming every Stripe setting production lacks', async () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_PRICE_ID: _price, ...env } = PRODUCTION_ENV;
    const run = await runMain(env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is required');
    expect(run.stderr).toContain('STRIPE_PRICE_ID is required');
  });

  it('talks to api.stripe.com in production: no API host unless one is set', () => {
    const config = readConfig(PRODUCTION_ENV);
    expect([config.STRIPE_API_HOST, config.STRIPE_API_PORT, config.STRIPE_API_PROTOCOL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('talks to the local Stripe double in development when no secret key is set', () => {
    const config = readConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: 4010,
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_SECRET_KEY: 'sk_test_local_double',
    });
  });

  it('starts with development defaults, serves the plans, and stops cleanly on SIGTERM', async () => {
    let plansStatus = 0;
    const run = await runMain(
      {
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        PORT: '0',
        LOG_LEVEL: 'info',
        REDIS_KEY_PREFIX: testQueuePrefix(),
      },
      async (port) => {
        plansStatus = (await fetch(`http://127.0.0.1:${port}/api/v1/billing/plans`)).status;
      },
    );
    expect(plansStatus).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('billing shutting down');
  });
});
