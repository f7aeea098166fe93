import type { Queryable } from '@sh/shared/server';

/** The highest mileage recorded for a registration among records not withdrawn (null when none has one). */
export async function findHighestMileage(db: Queryable, registration: string): Promise<number | null> {
  const { rows } = await db.query<{ highest: number | null }>(
    'SELECT max(mileage) AS highest FROM service_records WHERE vehicle_registration = $1 AND withdrawn_at IS NULL',
    [registration],
  );
  return rows[0]?.highest ?? null;
}
