import type { Queryable } from '@sh/shared/server';

/** Registrations with records waiting to be chained (stored before chaining, or seeded), a batch at a time. */
export async function findRegistrationsAwaitingChain(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ vehicle_registration: string }>(
    `SELECT DISTINCT r.vehicle_registration FROM records_awaiting_chain a JOIN service_records r ON r.id = a.record_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.vehicle_registration);
}
