import type { Queryable } from '@sh/shared/server';

/** How many of a garage's records are in the public history (not withdrawn): the index service_records_mine. */
export async function countGarageServices(db: Queryable, garageId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM service_records WHERE garage_id = $1 AND withdrawn_at IS NULL',
    [garageId],
  );
  return rows[0]?.n ?? 0;
}
