/**
 * Issue 34, point 4: an export has a write deadline and slots per garage. A garage's export read slowly (a chunk, then
 * nothing) holds its slot until the deadline cuts it off, which frees the slot and the database connection; its
 * garage's second export meanwhile is a 429, and another garage exports the whole of its file.
 */
import http from 'node:http';
import { RECORD_EXPORT_MESSAGES, ZRecordExportSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoadRecords } from './bulk-load.js';
import { buildGarageAccount, logServiceRecord, startRecordsStack, type RecordsStack } from './harness.js';

/** Enough that the file (some 25 MB of JSON) is far more than the sockets' buffers hold. */
const SLOW_GARAGE_RECORDS = 20_000;
const DEADLINE_MS = 4000;
const STATEMENT_TIMEOUT_MS = 2000;

let stack: RecordsStack;
let slowGarage: Awaited<ReturnType<typeof buildGarageAccount>>;
let otherGarage: Awaited<ReturnType<typeof buildGarageAccount>>;

beforeAll(async () => {
  stack = await startRecordsStack({
    app: { exportLimits: { perGarage: 1, deadlineMs: DEADLINE_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS } },
  });
  slowGarage = await buildGarageAccount(stack, { name: 'Slow Reader Motors' });
  otherGarage = await buildGarageAccount(stack, { name: 'Other Garage' });
  await logServiceRecord(stack, otherGarage, { vehicle_registration: 'OT12 HER' });
  await logServiceRecord(stack, otherGarage, { vehicle_registration: 'OT12 HES' });
  await bulkLoadRecords(stack.db.pool, slowGarage.id, SLOW_GARAGE_RECORDS);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

const exportUrl = (format: string) => `${stack.url}/api/v1/service-records/export?format=${format}`;

function startExport(token: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http
      .get(new URL(exportUrl('json')), { headers: { authorization: `Bearer ${token}` } })
      .once('response', resolve)
      .once('error', reject),
  );
}

describe('GET /api/v1/service-records/export, read slowly', () => {
  it('is cut off at its deadline, freeing its slot and connection, while another garage exports', async () => {
    const slow = await startExport(slowGarage.token);
    expect(slow.statusCode).toBe(200);
    let received = 0;
    slow.on('data', (chunk: Buffer) => (received += chunk.length));
    slow.on('error', () => undefined);
    const cut = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    await new Promise<void>((resolve) => slow.once('data', () => resolve()));
    // From now on nothing is read: the server's writes back up into the sockets' buffers and stop.
    slow.pause();

    const second = await fetch(exportUrl('csv'), { headers: { authorization: `Bearer ${slowGarage.token}` } });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('10');
    expect(await second.json()).toMatchObject({ code: 'rate_limited', message: RECORD_EXPORT_MESSAGES.garageBusy });

    const other = await fetch(exportUrl('json'), { headers: { authorization: `Bearer ${otherGarage.token}` } });
    expect(other.status).toBe(200);
    const otherFile = ZRecordExportSchema.parse(await other.json());
    expect(otherFile.records.map((record) => record.vehicle_registration).sort()).toEqual(['OT12HER', 'OT12HES']);

    // At its deadline the server resets the slow one's connection, which gives its database connection back to the
    // pool and frees its slot: the garage may export again.
    const pool = stack.db.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: DEADLINE_MS * 5 }).toBe(0);
    const again = await startExport(slowGarage.token);
    expect(again.statusCode).toBe(200);
    again.destroy();
    // The slow reader, reading again, finds its file cut off unfinished (a paused socket hears of the reset only then).
    slow.resume();
    await cut;
    expect(slow.complete).toBe(false);
    expect(received).toBeGreaterThan(0);
  }, 60_000);

  it('gives up on a statement the database does not answer within its timeout, and frees its connection', async () => {
    // The export's statement waits behind this lock (as behind a slow plan), past its statement timeout.
    const locker = await stack.db.pool.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE chain_entries IN ACCESS EXCLUSIVE MODE');
    try {
      const answer = await fetch(exportUrl('csv'), { headers: { authorization: `Bearer ${otherGarage.token}` } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-disposition')).toBeNull();
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    const pool = stack.db.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);
    const again = await fetch(exportUrl('json'), { headers: { authorization: `Bearer ${otherGarage.token}` } });
    expect(again.status).toBe(200);
    expect(ZRecordExportSchema.parse(await again.json()).records).toHaveLength(2);
  }, 60_000);
});
