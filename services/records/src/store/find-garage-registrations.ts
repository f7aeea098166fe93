import type { Queryable } from '@sh/shared/server';

/** The registrations of the vehicles whose public history shows a record of this garage. */
export async function findGarageRegistrations(db: Queryable, garageId: string): Promise<string[]> {
  const { rows } = await db.query<{ vehicle_registration: string }>(
    'SELECT DISTINCT vehicle_registration FROM service_records WHERE garage_id = $1 AND withdrawn_at IS NULL',
    [garageId],
  );
  return rows.map((row) => row.vehicle_registration);
}
