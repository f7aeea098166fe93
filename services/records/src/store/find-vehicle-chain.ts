import type { Queryable } from '@sh/shared/server';
import type { StoredEntry } from '../domain/verify-chain.js';
import { SERVICE_RECORD_COLUMNS, type ServiceRecordRow } from './service-record-row.js';

/** An entry's columns, each with its record's columns (all null when the record row is gone). */
type ChainEntryRow = Omit<StoredEntry, 'record'> & { [K in keyof ServiceRecordRow]: ServiceRecordRow[K] | null };

/** A vehicle's chain in order, each entry with its record as it reads now, the stored head, and records outside it. */
export async function findVehicleChain(
  db: Queryable,
  registration: string,
): Promise<{ entries: StoredEntry[]; head: { length: number; headHash: string | null } | null; unchainedRecordIds: string[] }> {
  const [entries, head, unchained] = await Promise.all([
    db.query<ChainEntryRow>(
      `SELECT c.position, c.kind, c.record_id, c.hash, c.prev_hash, ${SERVICE_RECORD_COLUMNS}
         FROM chain_entries c LEFT JOIN service_records r ON r.id = c.record_id
        WHERE c.registration = $1
        ORDER BY c.position`,
      [registration],
    ),
    db.query<{ length: number; head_hash: string | null }>('SELECT length, head_hash FROM vehicle_chains WHERE registration = $1', [registration]),
    db.query<{ id: string }>(
      `SELECT r.id FROM service_records r
        WHERE r.vehicle_registration = $1
          AND NOT EXISTS (SELECT 1 FROM chain_entries c WHERE c.record_id = r.id AND c.kind = 'record' AND c.registration = $1)
        ORDER BY r.created_at, r.id`,
      [registration],
    ),
  ]);
  return {
    entries: entries.rows.map(({ position, kind, record_id, hash, prev_hash, ...record }) => ({
      position,
      kind,
      record_id,
      hash,
      prev_hash,
      record: record.id === null ? null : (record as ServiceRecordRow),
    })),
    head: head.rows[0] ? { length: head.rows[0].length, headHash: head.rows[0].head_hash } : null,
    unchainedRecordIds: unchained.rows.map((row) => row.id),
  };
}
