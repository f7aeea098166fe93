import type { Queryable } from '@sh/shared/server';
import type { StoredEntry } from '../domain/verify-chain.js';

/** A vehicle's chain in order, each entry with its record as it reads now, the stored head, and records outside it. */
export async function findVehicleChain(
  db: Queryable,
  registration: string,
): Promise<{ entries: StoredEntry[]; head: { length: number; headHash: string | null } | null; unchainedRecordIds: string[] }> {
  const [entries, head, unchained] = await Promise.all([
    db.query<{
      position: number; kind: 'record'; record_id: string; hash: string; prev_hash: string | null; id: string | null; garage_id: string;
      vin: string; vehicle_registration: string; service_date: string; mileage: number | null; service_type: string; notes: string | null;
      technician_name: string | null; signed_by: string | null; created_at: Date;
    }>(
      `SELECT c.position, c.kind, c.record_id, c.hash, c.prev_hash, r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date,
              r.mileage, r.service_type, r.notes, r.technician_name, r.signed_by, r.created_at
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
    entries: entries.rows.map((row) => ({
      position: row.position,
      kind: row.kind,
      record_id: row.record_id,
      hash: row.hash,
      prev_hash: row.prev_hash,
      record: row.id === null ? null : {
        id: row.id, garage_id: row.garage_id, vin: row.vin, vehicle_registration: row.vehicle_registration, service_date: row.service_date,
        mileage: row.mileage, service_type: row.service_type, notes: row.notes, technician_name: row.technician_name,
        signed_by: row.signed_by, created_at: row.created_at,
      },
    })),
    head: head.rows[0] ? { length: head.rows[0].length, headHash: head.rows[0].head_hash } : null,
    unchainedRecordIds: unchained.rows.map((row) => row.id),
  };
}
