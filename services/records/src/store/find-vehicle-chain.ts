import { withTransaction, type Pool } from '@sh/shared/server';
import type { ChainRecord, StoredChain, StoredEntry, StoredField } from '../domain/verify-chain.js';
import { AMENDMENT_COLUMNS, type AmendmentRow } from './amendment-row.js';
import { SERVICE_RECORD_COLUMNS } from './service-record-row.js';

/** The vehicle's records and any record one of its entries names, as a sub-select of ids. */
const CHAIN_RECORD_IDS = `SELECT id FROM service_records WHERE vehicle_registration = $1
                           UNION SELECT record_id FROM chain_entries WHERE registration = $1`;

/**
 * What verifying a vehicle's chain reads: its entries in order (with their receipts' signatures), the stored head,
 * its records as they read now (with their withdrawals) in order of entry, every amendment of them, and the kept values
 * of its format-2 entries' commitments. All from one
 * snapshot, so that an amendment committed halfway through is seen whole or not at all, never as a broken chain.
 */
export async function findVehicleChain(pool: Pool, registration: string): Promise<StoredChain> {
  return withTransaction(pool, async (db) => {
    await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // leaf_index is a bigint, which pg answers as a string; a log of 2^53 leaves is beyond any we will keep.
    const entries = await db.query<Omit<StoredEntry, 'leaf_index'> & { leaf_index: string | null }>(
      `SELECT c.position, c.kind, c.record_id, c.amendment_id, c.hash, c.prev_hash, c.signed_at, c.signature, c.key_id, c.format, c.content,
              l.leaf_index
         FROM chain_entries c LEFT JOIN log_leaves l ON l.registration = c.registration AND l.position = c.position
        WHERE c.registration = $1 ORDER BY c.position`,
      [registration],
    );
    const head = await db.query<{ length: number; head_hash: string | null }>(
      'SELECT length, head_hash FROM vehicle_chains WHERE registration = $1',
      [registration],
    );
    const records = await db.query<ChainRecord>(
      `SELECT ${SERVICE_RECORD_COLUMNS}, r.withdrawn_at, r.withdrawn_by, r.withdrawal_reason
         FROM service_records r WHERE r.id IN (${CHAIN_RECORD_IDS})
        ORDER BY r.created_at, r.id`,
      [registration],
    );
    const amendments = await db.query<AmendmentRow>(
      `SELECT ${AMENDMENT_COLUMNS} FROM record_amendments a WHERE a.record_id IN (${CHAIN_RECORD_IDS})`,
      [registration],
    );
    const fields = await db.query<StoredField>(
      'SELECT position, path, value, salt FROM entry_fields WHERE registration = $1',
      [registration],
    );
    return {
      registration,
      entries: entries.rows.map((entry) => ({
        ...entry,
        leaf_index: entry.leaf_index === null ? null : Number(entry.leaf_index),
      })),
      head: head.rows[0] ? { length: head.rows[0].length, headHash: head.rows[0].head_hash } : null,
      records: records.rows,
      amendments: amendments.rows,
      fields: fields.rows,
    };
  });
}
