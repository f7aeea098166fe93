import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, ZInternalRecordsResponseSchema, type TAdminServiceRecord } from '@sh/shared/contract';
import { migrate } from '@sh/shared/server';
import { callInternalAdmin, createTestDatabase, listenForTest, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecordsApp } from '../src/app.js';
import { buildGarage, buildServiceRecord } from './builders.js';
import { readOnlyRecordsDeps, RECORDS_MIGRATIONS, TEST_INTERNAL_TOKEN } from './harness.js';

let db: TestDatabase;
let server: { url: string; close(): Promise<void> };
let garage: { id: string; name: string };

const BULK_RECORDS = 3000;
const cursorOf = (tuple: unknown[]) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
const ID = '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b';
/** Cursors that look like ours but name what Postgres would refuse, and garbage. */
const BAD_CURSORS: [string, string][] = [
  ['an impossible date', cursorOf(['2024-02-31', '2024-01-01T00:00:00.000Z', ID])],
  ['year zero', cursorOf(['0000-01-01', '2024-01-01T00:00:00.000Z', ID])],
  ['a bad timestamp', cursorOf(['2024-02-28', '2024-02-31T25:00:00.000Z', ID])],
  ['a bad uuid', cursorOf(['2024-02-28', '2024-01-01T00:00:00.000Z', 'zzzzzzzz-9d4a-4b6e-8f1a-2c3d4e5f6a7b'])],
  ['garbage base64', 'bm90LWEtY3Vyc29y'],
];

beforeAll(async () => {
  db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  server = await listenForTest(buildRecordsApp(readOnlyRecordsDeps(db.pool)));
  garage = await buildGarage(db.pool, { name: 'Castle Garage' });
  await db.pool.query('UPDATE garage_directory SET email = $2 WHERE garage_id = $1', [
    garage.id,
    'workshop@castle-garage.co.uk',
  ]);
  // A bulk load straight into the table, as the demo seed does: the running count must follow it. Many records share
  // a service date and some share a time of entry, so the order falls back to created_at and then id. Every 10th is
  // withdrawn.
  await db.pool.query(
    `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, created_at,
                                  withdrawn_at, withdrawn_by, withdrawn_by_email, withdrawal_reason)
     SELECT $1, 'BULKVIN' || lpad(n::text, 10, '0'), 'BK' || lpad((n % 100)::text, 2, '0') || 'AAA',
            date '2020-01-01' + (n % 400), 1000 + n, 'Full Service', timestamptz '2024-01-01' + (n % 7) * interval '1 minute',
            CASE WHEN n % 10 = 0 THEN now() END, CASE WHEN n % 10 = 0 THEN gen_random_uuid() END,
            CASE WHEN n % 10 = 0 THEN 'admin@wrenchmark.test' END, CASE WHEN n % 10 = 0 THEN 'Duplicate record' END
       FROM generate_series(1, ${BULK_RECORDS}) AS n`,
    [garage.id],
  );
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

const list = (query: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  callInternalAdmin(server.url, `/internal/admin/service-records${query}`, token);

/** Every record id in the admin's order, straight from the table. */
async function idsInOrder(registration: string | null): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    `SELECT id FROM service_records WHERE ($1::text IS NULL OR vehicle_registration = $1) ORDER BY service_date DESC, created_at DESC, id DESC`,
    [registration],
  );
  return rows.map((row) => row.id);
}

/** Walks every page of a query; answers the records in the order they came. */
async function walkPages(query: string): Promise<TAdminServiceRecord[]> {
  const seen: TAdminServiceRecord[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const { status, body } = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    const data = ZInternalRecordsResponseSchema.parse(body).data;
    seen.push(...data.serviceRecords);
    cursor = data.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging never ended');
}

describe('GET /internal/admin/service-records', () => {
  it('refuses a caller without the internal token, or with another, with 403', async () => {
    for (const token of [null, 'another-token-of-the-same-len', '']) {
      const { status, body } = await list('?limit=5', token);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'forbidden', message: MESSAGES.platform.forbidden });
    }
  });

  it('pages through every record, withdrawn included, newest service first, each exactly once', async () => {
    const seen = await walkPages('?limit=100');
    const expected = await idsInOrder(null);
    expect(expected.length).toBeGreaterThanOrEqual(BULK_RECORDS);
    expect(seen.map((record) => record.id)).toEqual(expected);
    expect(new Set(seen.map((record) => record.id)).size).toBe(expected.length);
    expect(seen.filter((record) => record.withdrawal !== null).length).toBe(BULK_RECORDS / 10);
  });

  it('searches one registration, normalised, withdrawn records included, and pages it too', async () => {
    const seen = await walkPages(`?q=${encodeURIComponent('bk 07aaa')}&limit=7`);
    expect(seen.map((record) => record.id)).toEqual(await idsInOrder('BK07AAA'));
    expect(seen.length).toBe(BULK_RECORDS / 100);
    expect(seen.every((record) => record.vehicle_registration === 'BK07AAA')).toBe(true);
  });

  it("answers each record with its garage's name and e-mail, its amendments and its withdrawal", async () => {
    const { body } = await list('?q=BK10AAA&limit=1');
    const [record] = ZInternalRecordsResponseSchema.parse(body).data.serviceRecords;
    expect(record).toMatchObject({
      vehicle_registration: 'BK10AAA',
      garage: { name: 'Castle Garage', email: 'workshop@castle-garage.co.uk' },
      amendments: [],
      withdrawal: { withdrawn_by: { email: 'admin@wrenchmark.test' }, reason: 'Duplicate record' },
    });
  });

  it('counts the records in the public history and finds the latest service date, exactly, as records come and go', async () => {
    const expectTotalsToMatchTheTable = async () => {
      const { rows } = await db.pool.query<{ n: number; latest: string }>(
        'SELECT count(*)::int AS n, max(service_date) AS latest FROM service_records WHERE withdrawn_at IS NULL',
      );
      const { totals } = ZInternalRecordsResponseSchema.parse((await list('?limit=1')).body).data;
      expect(totals).toEqual({ serviceRecords: rows[0]!.n, latestServiceDate: rows[0]!.latest });
      return totals;
    };
    const first = await expectTotalsToMatchTheTable();
    expect(first.serviceRecords).toBe(BULK_RECORDS - BULK_RECORDS / 10);

    await buildServiceRecord(db.pool, garage.id, { registration: 'NW25AAA', serviceDate: '2030-01-01' });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'NW25AAA',
      serviceDate: '2031-01-01',
      withdrawn: true,
    });
    expect(await expectTotalsToMatchTheTable()).toEqual({
      serviceRecords: first.serviceRecords + 1,
      latestServiceDate: '2030-01-01',
    });

    await db.pool.query(
      `UPDATE service_records SET withdrawn_at = now(), withdrawn_by = gen_random_uuid(), withdrawn_by_email = 'a@b.test', withdrawal_reason = 'Gone'
        WHERE vehicle_registration = 'NW25AAA' AND withdrawn_at IS NULL`,
    );
    await db.pool.query("DELETE FROM service_records WHERE vehicle_registration = 'BK01AAA'");
    const last = await expectTotalsToMatchTheTable();
    expect(last.serviceRecords).toBe(first.serviceRecords - BULK_RECORDS / 100);
  });

  it.each([
    ['?limit=101', 'limit'],
    ['?limit=0', 'limit'],
    ['?cursor=not*a*cursor', 'cursor'],
    [`?cursor=${Buffer.from('["2024-01-01"]').toString('base64url')}`, 'cursor'],
    ['?q=AB-12', 'q'],
    ...BAD_CURSORS.map(([, cursor]) => [`?cursor=${cursor}`, 'cursor']),
  ])('answers 400 for %s', async (query, path) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: 'validation_failed', errors: [expect.objectContaining({ path })] });
  });
});

describe('a page cursor naming what Postgres would refuse', () => {
  it.each(BAD_CURSORS)('is a 400 envelope, never a 500: %s', async (_case, cursor) => {
    const { status, body } = await list(`?cursor=${cursor}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: 'validation_failed', message: MESSAGES.records.cursorInvalid });
  });
});

describe('the running count of public records', () => {
  it('is back-filled by the migration from the records already stored', async () => {
    // A database as it was before the count existed, with records in it; then the migration that adds the count.
    const earlier = mkdtempSync(path.join(tmpdir(), 'records-migrations-'));
    for (const file of ['001_service_records.sql', '002_record_chain.sql', '003_email_events.sql'])
      cpSync(path.join(RECORDS_MIGRATIONS, file), path.join(earlier, file));
    const old = await createTestDatabase('records', earlier);
    try {
      await old.pool.query(
        `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, service_type, withdrawn_at)
         VALUES ($1, 'V1', 'OL25AAA', '2024-01-01', 'Full Service', NULL), ($1, 'V2', 'OL25AAB', '2024-01-02', 'Full Service', NULL),
                ($1, 'V3', 'OL25AAC', '2024-01-03', 'Full Service', now())`,
        [garage.id],
      );
      await migrate(old.pool, RECORDS_MIGRATIONS);
      const { rows } = await old.pool.query<{ n: number }>('SELECT sum(public_records)::int AS n FROM record_counts');
      expect(rows[0]!.n).toBe(2);
    } finally {
      await old.drop();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
