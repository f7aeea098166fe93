import type { Queryable } from '@sh/shared/server';
import type { ChainedRecordFields } from '../domain/chain-entry.js';

/** Registrations with records waiting to be chained (stored before chaining, or seeded), a batch at a time. */
export async function findRegistrationsAwaitingChain(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ vehicle_registration: string }>(
    `SELECT DISTINCT r.vehicle_registration FROM records_awaiting_chain a JOIN service_records r ON r.id = a.record_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.vehicle_registration);
}

/** A registration's records waiting to be chained, in order of entry. */
export async function findRecordsAwaitingChain(db: Queryable, registration: string): Promise<ChainedRecordFields[]> {
  const { rows } = await db.query<ChainedRecordFields>(
    `SELECT r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type, r.notes,
            r.technician_name, r.signed_by, r.created_at
       FROM records_awaiting_chain a JOIN service_records r ON r.id = a.record_id
      WHERE r.vehicle_registration = $1
      ORDER BY r.created_at, r.id`,
    [registration],
  );
  return rows;
}

/** Takes chained records off the waiting list (in the transaction that chained them). */
export async function deleteRecordsAwaitingChain(db: Queryable, recordIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM records_awaiting_chain WHERE record_id = ANY($1::uuid[])', [recordIds]);
}
