/**
 * Issue 34, point 4: a 10,000-row import is staged whole, then sealed 1,000 records to a transaction, so that another
 * garage's record is sealed between two of its batches instead of after the whole file; a batch that fails leaves
 * the rest staged, and a finisher (two at once, as two replicas would run) seals it, each record once.
 */
import { RECORD_IMPORT_COLUMNS, ZRecordImportResponseSchema, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { createLeafHashReader } from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finishStagedImport, sealImportBatch } from '../src/domain/record-import/seal-import-batch.js';
import { lockVehicleChain } from '../src/store/lock-vehicle-chain.js';
import { buildGarageAccount, logServiceRecord, startRecordsStack, type RecordsStack } from './harness.js';

const ROWS = 10_000;
const VEHICLES = 2_500;
const BATCH_ROWS = 1_000;

let stack: RecordsStack;
beforeAll(async () => {
  stack = await startRecordsStack({ app: { importBatchRows: BATCH_ROWS } });
});
afterAll(async () => {
  await stack?.close();
});

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** Vehicle v of a file: a current-style plate under `prefix` (2,500 of them), and a VIN. */
const plate = (v: number, prefix: string) =>
  `${prefix}${10 + (v % 90)}A${LETTERS[Math.floor(v / 90) % 23]}${LETTERS[Math.floor(v / 2070)]}`;

/** A file of ROWS rows: each vehicle's four services a year apart, mileage rising. */
function importFile(prefix: string): { csv: string; lastVehicle: string } {
  const lines = [RECORD_IMPORT_COLUMNS.join(',')];
  const cells = (i: number) => {
    const v = i % VEHICLES;
    const year = 2018 + Math.floor(i / VEHICLES);
    const values: Record<(typeof RECORD_IMPORT_COLUMNS)[number], string> = {
      registration: plate(v, prefix),
      vin: `WVWZZZ1JZXW${100_000 + v}`,
      service_date: `${year}-03-14`,
      mileage: String(10_000 * (year - 2017) + v),
      service: 'Full Service',
      notes: '',
      technician: '',
    };
    return RECORD_IMPORT_COLUMNS.map((column) => values[column]).join(',');
  };
  for (let i = 0; i < ROWS; i += 1) lines.push(cells(i));
  const plates = Array.from({ length: VEHICLES }, (_, v) => plate(v, prefix));
  return { csv: lines.join('\r\n'), lastVehicle: plates.sort((a, b) => a.localeCompare(b)).at(-1)! };
}

const importedCount = async (garageId: string) =>
  Number(
    (
      await stack.db.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM service_records WHERE garage_id = $1 AND imported',
        [garageId],
      )
    ).rows[0]!.n,
  );

const leafIndexes = async (garageId: string) =>
  (
    await stack.db.pool.query<{ leaf_index: string }>(
      `SELECT l.leaf_index FROM log_leaves l JOIN chain_entries c USING (registration, position)
         JOIN service_records r ON r.id = c.record_id WHERE r.garage_id = $1 ORDER BY l.leaf_index`,
      [garageId],
    )
  ).rows.map((row) => Number(row.leaf_index));

/** The session of the import's batch, once it waits for a lock another session holds. */
async function waitingBatch(): Promise<number> {
  let pid = 0;
  await vi.waitFor(
    async () => {
      const { rows } = await stack.db.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%vehicle_chains%'`,
      );
      expect(rows).toHaveLength(1);
      pid = rows[0]!.pid;
    },
    { timeout: 60_000, interval: 50 },
  );
  return pid;
}

/** Holds one vehicle's chain, as a writer of that vehicle would, until released. */
async function holdChain(registration: string) {
  const client = await stack.db.pool.connect();
  await client.query('BEGIN');
  await lockVehicleChain(client, registration);
  return async () => {
    await client.query('COMMIT');
    client.release();
  };
}

/** The log's stored subtrees are the hashes of the leaves they span, and its head counts every leaf. */
async function expectLogConsistent() {
  const leaves = await stack.db.pool.query<{ leaf_hash: Buffer }>(
    'SELECT leaf_hash FROM log_leaves ORDER BY leaf_index',
  );
  const recompute = createLeafHashReader(leaves.rows.map((row) => new Uint8Array(row.leaf_hash)));
  const subtrees = await stack.db.pool.query<{ start_index: string; end_index: string; hash: Buffer }>(
    'SELECT start_index, end_index, hash FROM log_subtrees ORDER BY random() LIMIT 300',
  );
  for (const subtree of subtrees.rows) {
    const hash = await recompute(Number(subtree.start_index), Number(subtree.end_index));
    expect(Buffer.from(hash).toString('hex')).toBe(subtree.hash.toString('hex'));
  }
  const head = await stack.db.pool.query<{ size: string }>('SELECT size FROM log_head');
  expect(Number(head.rows[0]!.size)).toBe(leaves.rows.length);
}

async function expectChainValid(registration: string, length: number) {
  const verify = await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${registration}`);
  expect(ZVerifyChainResponseSchema.parse(verify.body).data).toMatchObject({ valid: true, length });
}

describe('POST /api/v1/service-records/import of 10,000 rows', () => {
  it("seals them a batch at a time: another garage's record created meanwhile is sealed between two batches", async () => {
    const importer = await buildGarageAccount(stack);
    const other = await buildGarageAccount(stack);
    const file = importFile('IB');
    // The last batch (the file's last vehicle) waits for this chain; the nine before it are sealed meanwhile.
    const release = await holdChain(file.lastVehicle);
    const importing = callJson(stack.url, 'POST', '/api/v1/service-records/import', {
      token: importer.token,
      body: { csv: file.csv },
    });
    await waitingBatch();
    expect(await importedCount(importer.id)).toBe(ROWS - BATCH_ROWS);
    // Another garage's record, created while the import is still sealing, waits for no more than a batch.
    await logServiceRecord(stack, other, { vehicle_registration: 'OT12HER' });
    await release();
    const answer = await importing;
    expect(answer.status).toBe(201);
    expect(ZRecordImportResponseSchema.parse(answer.body).data.imported).toBe(ROWS);

    const imported = await leafIndexes(importer.id);
    expect(imported).toHaveLength(ROWS);
    const [otherLeaf] = await leafIndexes(other.id);
    // In the log, the other garage's record lies between the import's first nine batches and its last.
    expect(imported.filter((leaf) => leaf < otherLeaf!)).toHaveLength(ROWS - BATCH_ROWS);
    expect(imported.filter((leaf) => leaf > otherLeaf!)).toHaveLength(BATCH_ROWS);
    const events = await stack.db.pool.query<{ payload: { count: number } }>(
      "SELECT payload FROM event_outbox WHERE name = 'service_records.imported' AND payload->>'garageId' = $1",
      [importer.id],
    );
    expect(events.rows.map((row) => row.payload.count)).toEqual(Array.from({ length: 10 }, () => BATCH_ROWS));
    await expectChainValid(file.lastVehicle, 4);
    await expectChainValid(plate(0, 'IB'), 4);
    await expectChainValid('OT12HER', 1);
    await expectLogConsistent();
  }, 180_000);

  it('leaves what a failed batch did not seal staged, and two finishers at once seal the rest, each record once', async () => {
    const importer = await buildGarageAccount(stack);
    const file = importFile('IF');
    const release = await holdChain(file.lastVehicle);
    const importing = callJson(stack.url, 'POST', '/api/v1/service-records/import', {
      token: importer.token,
      body: { csv: file.csv },
    });
    // The last batch's session ends mid-way (as when its replica stops): that batch rolls back, the call fails.
    const pid = await waitingBatch();
    await stack.db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    expect((await importing).status).toBeGreaterThanOrEqual(500);
    await release();
    expect(await importedCount(importer.id)).toBe(ROWS - BATCH_ROWS);
    const staged = () =>
      stack.db.pool
        .query<{ n: string; finished: boolean }>(
          `SELECT (SELECT count(*) FROM record_import_rows r WHERE r.import_id = i.id) AS n,
                  i.finished_at IS NOT NULL AS finished
             FROM record_imports i WHERE i.garage_id = $1`,
          [importer.id],
        )
        .then(({ rows }) => rows.map((row) => ({ staged: Number(row.n), finished: row.finished })));
    expect(await staged()).toEqual([{ staged: BATCH_ROWS, finished: false }]);

    const deps = { pool: stack.db.pool, signer: stack.signer, batchRows: 300 };
    // While the sealer's lease runs, no finisher takes the import.
    expect(await sealImportBatch(deps, null)).toBeNull();
    // Its lease run out (as a minute after its sealer stopped), two finishers at once: one seals it all, once.
    await stack.db.pool.query(
      "UPDATE record_imports SET lease_until = now() - interval '1 second' WHERE garage_id = $1",
      [importer.id],
    );
    const batches = await Promise.all([finishStagedImport(deps), finishStagedImport(deps)]);
    expect(batches.toSorted()).toEqual([0, 4]);
    expect(await staged()).toEqual([{ staged: 0, finished: true }]);
    expect(await importedCount(importer.id)).toBe(ROWS);
    expect(await leafIndexes(importer.id)).toHaveLength(ROWS);
    await expectChainValid(file.lastVehicle, 4);
    await expectLogConsistent();
  }, 180_000);
});
