/** Helpers for integration tests that talk to the machine's real Postgres and Redis. */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { createPool, migrate } from '../server/db.js';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A silent logger for tests (LOG_LEVEL=debug shows it). */
export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A unique suffix so that parallel test files never share a database or a queue. */
export function uniqueSuffix(): string {
  return `${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** Creates a fresh database `sh_<service>_test_<suffix>`, applies the migrations, and returns a pool. */
export async function createTestDatabase(service: string, migrationsDir: string): Promise<TestDatabase> {
  const name = `sh_${service}_test_${uniqueSuffix()}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 10);
  await migrate(pool, migrationsDir);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A BullMQ prefix of its own for one test file. */
export function testQueuePrefix(): string {
  return `test_${uniqueSuffix()}`;
}

/** Serves an express app on a free loopback port for a test; close() stops it. */
export async function listenForTest(app: import('express').Express): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An RSA key pair for tests that sign their own access tokens. */
export function createTestKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
