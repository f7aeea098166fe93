import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { migrate } from '@sh/shared/server';
import {
  createTestDatabase,
  createTestKeyPair,
  runServiceMain,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage, buildServiceRecord } from './builders.js';
import { RECORDS_MIGRATIONS } from './harness.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');

/** What the database holds of a record's sealing: its chain entries, its vehicle's log leaves and the log's size. */
async function sealingOf(db: TestDatabase, recordId: string, registration: string) {
  const entries = await db.pool.query('SELECT position FROM chain_entries WHERE record_id = $1', [recordId]);
  const leaves = await db.pool.query('SELECT leaf_index FROM log_leaves WHERE registration = $1', [registration]);
  const head = await db.pool.query<{ size: number }>('SELECT size FROM log_head');
  return { entries: entries.rows, leaves: leaves.rows, logSize: Number(head.rows[0]!.size) };
}

describe('the chain has no back door', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a record stored straight into the database is not chained, logged or signed when records starts', async () => {
    const garage = await buildGarage(db.pool);
    const recordId = await buildServiceRecord(db.pool, garage.id, {
      registration: 'BD24DRR',
      serviceDate: '2024-03-01',
    });
    // The list records once chained at start-up is gone: there is nowhere to put the record to have it sealed.
    await expect(
      db.pool.query('INSERT INTO records_awaiting_chain (record_id) VALUES ($1)', [recordId]),
    ).rejects.toThrow('relation "records_awaiting_chain" does not exist');

    let verified: unknown;
    const run = await runServiceMain({
      serviceDir: SERVICE_DIR,
      service: 'records',
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: testQueuePrefix(),
        JWT_PUBLIC_KEY: createTestKeyPair().publicKey,
      },
      onListening: async (port) => {
        verified = await (await fetch(`http://127.0.0.1:${port}/api/v1/service-records/verify/BD24DRR`)).json();
      },
    });
    expect(run.code).toBe(0);
    // It did start up in full (its key loaded, migrations applied) before it was asked.
    expect(run.stdout).toContain('receipts are signed with this key');

    expect(ZVerifyChainResponseSchema.parse(verified).data).toMatchObject({
      valid: false,
      length: 0,
      brokenAt: { position: 1, record_id: recordId, reason: 'a record was stored outside the chain' },
    });
    expect(await sealingOf(db, recordId, 'BD24DRR')).toEqual({ entries: [], leaves: [], logSize: 0 });
  });
});

describe('migration 009, on a database with records still waiting to be chained', () => {
  let earlier: string;
  let db: TestDatabase;
  beforeAll(async () => {
    // A database as an earlier version left it: migrated up to 008, a seeded record listed but not chained yet.
    earlier = mkdtempSync(path.join(tmpdir(), 'records-migrations-'));
    for (const file of readdirSync(RECORDS_MIGRATIONS).filter((name) => name < '009'))
      cpSync(path.join(RECORDS_MIGRATIONS, file), path.join(earlier, file));
    db = await createTestDatabase('records', earlier);
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(earlier, { recursive: true, force: true });
  });

  it('refuses, saying what to do, and drops the list once the rows are dealt with; the record stays outside its chain', async () => {
    const garage = await buildGarage(db.pool);
    const recordId = await buildServiceRecord(db.pool, garage.id, {
      registration: 'WT24AAA',
      serviceDate: '2024-04-01',
    });
    await db.pool.query('INSERT INTO records_awaiting_chain (record_id) VALUES ($1)', [recordId]);

    const refused = migrate(db.pool, RECORDS_MIGRATIONS);
    await expect(refused).rejects.toThrow(
      'Migration 009_no_chain_back_door.sql failed: 1 record(s) listed in records_awaiting_chain were never chained',
    );
    await expect(refused).rejects.toThrow('DELETE FROM records_awaiting_chain');
    // Nothing changed: the list and its row are still there.
    const { rows: waiting } = await db.pool.query('SELECT record_id FROM records_awaiting_chain');
    expect(waiting).toEqual([{ record_id: recordId }]);

    await db.pool.query('DELETE FROM records_awaiting_chain');
    // 009 is applied now (and every migration after it).
    expect((await migrate(db.pool, RECORDS_MIGRATIONS))[0]).toBe('009_no_chain_back_door.sql');
    const { rows: table } = await db.pool.query<{ table: string | null }>(
      "SELECT to_regclass('records_awaiting_chain')::text AS table",
    );
    expect(table).toEqual([{ table: null }]);
    expect(await sealingOf(db, recordId, 'WT24AAA')).toEqual({ entries: [], leaves: [], logSize: 0 });
  });
});
