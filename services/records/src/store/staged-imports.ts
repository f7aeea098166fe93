import type { PoolClient } from '@sh/shared/server';
import type { ServiceRecordWithContactRow } from './service-record-row.js';

/** An import being sealed, locked by this transaction: whose it is and when the file was received. */
export interface LockedImport {
  id: string;
  garageId: string;
  receivedAt: Date;
}

/** A staged record as the import will store it (its garage, created_at and imported mark come from the import). */
type StagedRecord = Omit<ServiceRecordWithContactRow, 'garage_id' | 'created_at' | 'imported'>;

/**
 * Stages an import's records whole, in chain order, with a lease of `leaseMs` for the caller that seals them: one
 * statement for the import and one for its rows (migration 013).
 */
export async function stageRecordImport(
  client: PoolClient,
  staged: { id: string; garageId: string; receivedAt: Date; leaseMs: number },
  records: readonly ServiceRecordWithContactRow[],
): Promise<void> {
  await client.query(
    `INSERT INTO record_imports (id, garage_id, received_at, lease_until)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
    [staged.id, staged.garageId, staged.receivedAt, staged.leaseMs],
  );
  const rows = records.map(({ garage_id: _, created_at: __, imported: ___, ...record }): StagedRecord => record);
  await client.query(
    `INSERT INTO record_import_rows (import_id, seq, record)
     SELECT $1, n, record FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(record, n)`,
    [staged.id, JSON.stringify(rows)],
  );
}

/**
 * Locks an unfinished import for this transaction: `importId`'s, waiting for another sealer's batch to commit; or,
 * without one, any whose lease has run out that no one holds (SKIP LOCKED), so that two replicas' finishers never
 * seal one import at once. Renews the lease by `leaseMs`. Null when there is none.
 */
export async function lockRecordImport(
  client: PoolClient,
  importId: string | null,
  leaseMs: number,
): Promise<LockedImport | null> {
  const { rows } = await client.query<{ id: string; garage_id: string; received_at: Date }>(
    importId === null
      ? `SELECT id, garage_id, received_at FROM record_imports
          WHERE finished_at IS NULL AND lease_until < now() ORDER BY lease_until LIMIT 1 FOR UPDATE SKIP LOCKED`
      : 'SELECT id, garage_id, received_at FROM record_imports WHERE id = $1 AND finished_at IS NULL FOR UPDATE',
    importId === null ? [] : [importId],
  );
  const row = rows[0];
  if (!row) return null;
  await client.query(`UPDATE record_imports SET lease_until = now() + $2 * interval '1 millisecond' WHERE id = $1`, [
    row.id,
    leaseMs,
  ]);
  return { id: row.id, garageId: row.garage_id, receivedAt: row.received_at };
}

/** Takes the next `count` staged records of a locked import, in chain order, off the stage (deleted with the batch). */
export async function takeStagedRecords(
  client: PoolClient,
  staged: LockedImport,
  count: number,
): Promise<ServiceRecordWithContactRow[]> {
  const { rows } = await client.query<{ seq: number; record: StagedRecord }>(
    `DELETE FROM record_import_rows WHERE (import_id, seq) IN (
       SELECT import_id, seq FROM record_import_rows WHERE import_id = $1 ORDER BY seq LIMIT $2)
     RETURNING seq, record`,
    [staged.id, count],
  );
  return rows
    .sort((a, b) => a.seq - b.seq)
    .map(({ record }) => ({ ...record, garage_id: staged.garageId, created_at: staged.receivedAt, imported: true }));
}

/** Marks a locked import finished when nothing of it is staged any more; answers whether it is. */
export async function finishRecordImportIfSealed(client: PoolClient, importId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE record_imports SET finished_at = now()
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM record_import_rows WHERE import_id = $1)`,
    [importId],
  );
  return (rowCount ?? 0) > 0;
}
