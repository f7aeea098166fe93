import type { Queryable } from '@sh/shared/server';

/** The registration a record is stored under, withdrawn or not; null for an id never stored. */
export async function findRecordRegistration(db: Queryable, recordId: string): Promise<string | null> {
  const { rows } = await db.query<{ vehicle_registration: string }>(
    'SELECT vehicle_registration FROM service_records WHERE id = $1',
    [recordId],
  );
  return rows[0]?.vehicle_registration ?? null;
}
