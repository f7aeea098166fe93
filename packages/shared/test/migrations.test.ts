import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPool,
  ensureDatabase,
  migrate,
  migrateService,
  pendingMigrations,
  waitForMigrations,
  type Pool,
} from '../src/server/index.js';
import { testLogger, TEST_POSTGRES_URL, uniqueSuffix } from '../src/testing/index.js';

const migrationsDir = path.join(import.meta.dirname, 'fixtures/migrations');
const admin = createPool(TEST_POSTGRES_URL, 1);
const created: { name: string; pool: Pool }[] = [];

/** A new, empty database (nothing migrated) and a pool on it. */
async function emptyDatabase(): Promise<{ url: string; pool: Pool }> {
  const name = `sh_kit_migrations_test_${uniqueSuffix()}`;
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const pool = createPool(url.toString(), 2);
  created.push({ name, pool });
  return { url: url.toString(), pool };
}

let everyMigration: string[];
beforeAll(async () => {
  everyMigration = await pendingMigrations((await emptyDatabase()).pool, migrationsDir);
});

afterAll(async () => {
  for (const { name, pool } of created) {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await admin.end();
});

describe("a service's migrations outside its start-up (MIGRATE_AT_START=false and the migrate command)", () => {
  it("lists every migration, the kit's then the service's, as pending on a new database and none once applied", async () => {
    const { pool } = await emptyDatabase();
    expect(everyMigration[0]).toBe('000_kit_outbox_and_inbox');
    expect(everyMigration.at(-1)).toBe('001_widgets.sql');
    expect(await pendingMigrations(pool, migrationsDir)).toEqual(everyMigration);
    await migrate(pool, migrationsDir);
    expect(await pendingMigrations(pool, migrationsDir)).toEqual([]);
  });

  it('waits until another process has applied the migrations, then goes on', async () => {
    const { pool } = await emptyDatabase();
    let waited = false;
    const waiting = waitForMigrations(pool, migrationsDir, testLogger, { timeoutMs: 20_000, intervalMs: 50 }).then(
      () => (waited = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited).toBe(false);
    await migrate(pool, migrationsDir);
    await waiting;
    expect(waited).toBe(true);
  });

  it('gives up after its time, naming what is missing and what to run', async () => {
    const { pool } = await emptyDatabase();
    await expect(
      waitForMigrations(pool, migrationsDir, testLogger, { timeoutMs: 200, intervalMs: 50 }),
    ).rejects.toThrow(/not applied after 0 s \(000_kit_outbox_and_inbox, .*001_widgets\.sql\).*migrate command/);
  });

  it('applies them once with the migrate command, in production, where the database must exist already', async () => {
    const { url, pool } = await emptyDatabase();
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url };
    expect(await migrateService('garages', migrationsDir, env)).toEqual(everyMigration);
    expect(await migrateService('garages', migrationsDir, env)).toEqual([]);
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM schema_migrations');
    expect(rows[0]!.count).toBe(everyMigration.length);
  });
});
