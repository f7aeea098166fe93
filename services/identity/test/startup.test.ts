import path from 'node:path';
import { createRedis } from '@sh/shared/server';
import {
  createTestDatabase,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
  runServiceMain,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/domain/ensure-admin.js';
import { loadSigningKeys } from '../src/domain/signing-keys.js';
import { MIGRATIONS_DIR } from './helpers.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');

/** This service's entry point, run for real with exactly the given environment. */
const runMain = (
  env: Record<string, string>,
  options: { viaNpx?: boolean; onListening?: (port: number) => Promise<void> } = {},
) => runServiceMain({ serviceDir: SERVICE_DIR, service: 'identity', env, ...options });

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('identity', MIGRATIONS_DIR);
});
afterAll(async () => {
  await db?.drop();
});

describe('identity start-up in production', () => {
  it('exits non-zero naming JWT_PRIVATE_KEY, DATABASE_URL, INTERNAL_TOKEN and REDIS_URL when they are missing', async () => {
    const run = await runMain({ NODE_ENV: 'production' }, { viaNpx: true });
    expect(run.code).not.toBe(0);
    for (const name of ['JWT_PRIVATE_KEY', 'DATABASE_URL', 'INTERNAL_TOKEN', 'REDIS_URL', 'SECOND_FACTOR_KEY']) {
      expect(run.stderr).toContain(`${name} is required`);
    }
  });

  it('exits non-zero naming JWT_PRIVATE_KEY alone when only it is missing', async () => {
    const run = await runMain(
      {
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        REDIS_URL: 'redis://127.0.0.1:6379',
        INTERNAL_TOKEN: 'a-production-internal-token',
        SECOND_FACTOR_KEY: Buffer.alloc(32, 1).toString('base64'),
      },
      { viaNpx: true },
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('JWT_PRIVATE_KEY is required');
    expect(run.stderr).not.toContain('DATABASE_URL');
    expect(run.stderr).not.toContain('SECOND_FACTOR_KEY');
  });
});

describe('identity start-up in development', () => {
  it('creates the ADMIN_EMAIL admin once, keeps the same signing key across restarts and stops cleanly on SIGTERM', async () => {
    const prefix = testQueuePrefix();
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      PORT: '0',
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'Ops@ServiceHistory.example',
      ADMIN_PASSWORD: 'first-admin-pass',
    };
    const publicKeys: string[] = [];
    const fetchKey = async (port: number) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/public-key`);
      publicKeys.push(((await response.json()) as { data: { publicKey: string } }).data.publicKey);
    };
    const first = await runMain(env, { onListening: fetchKey });
    const second = await runMain({ ...env, ADMIN_PASSWORD: 'a-different-pass' }, { onListening: fetchKey });
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(first.stdout).toContain('first admin created');
    expect(second.stdout).toContain('admin e-mail already has an account');
    expect(publicKeys).toHaveLength(2);
    expect(publicKeys[0]).toBe(publicKeys[1]);
    const { rows } = await db.pool.query(
      `SELECT u.email, u.email_confirmed_at IS NOT NULL AS confirmed FROM users u JOIN admin_users a ON a.user_id = u.id`,
    );
    expect(rows).toEqual([{ email: 'ops@servicehistory.example', confirmed: true }]);
    expect(first.stdout + second.stdout).not.toContain('first-admin-pass');
    const redis = createRedis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 60_000);
});

describe('ensureAdmin', () => {
  it('is idempotent and leaves an existing user as it is', async () => {
    expect(await ensureAdmin(db.pool, { email: 'boss@servicehistory.example', password: 'admin-pass' })).toBe(
      'created',
    );
    expect(await ensureAdmin(db.pool, { email: ' BOSS@servicehistory.example ', password: 'other-pass' })).toBe(
      'exists',
    );
    const { rows } = await db.pool.query(
      "SELECT count(*)::int AS n FROM users u JOIN admin_users a ON a.user_id = u.id WHERE u.email = 'boss@servicehistory.example'",
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('loadSigningKeys', () => {
  it('uses a configured key, else keeps one generated key pair in the database', async () => {
    const first = await loadSigningKeys(db.pool, undefined, testLogger);
    const second = await loadSigningKeys(db.pool, undefined, testLogger);
    expect(second).toEqual(first);
    const configured = await loadSigningKeys(db.pool, first.privateKey, testLogger);
    expect(configured.publicKey).toBe(first.publicKey);
  });
});
