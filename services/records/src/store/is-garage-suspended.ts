import type { Queryable } from '@sh/shared/server';

/** Whether an admin has suspended this garage (and not reinstated it since). A garage never heard of is not. */
export async function isGarageSuspended(db: Queryable, garageId: string): Promise<boolean> {
  const { rows } = await db.query<{ suspended: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM garage_suspensions WHERE garage_id = $1 AND is_suspended) AS suspended',
    [garageId],
  );
  return rows[0]!.suspended;
}
