import type { Queryable } from '@sh/shared/server';

/** How many of a garage's keys are not revoked. */
export async function countActiveApiKeys(db: Queryable, garageId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM api_keys WHERE garage_id = $1 AND revoked_at IS NULL',
    [garageId],
  );
  return rows[0]!.n;
}
