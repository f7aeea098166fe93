import type { Queryable } from '@sh/shared/server';

/**
 * Records that a code of this time step was accepted, and confirms a pending enrolment with it; answers false
 * (changing nothing) when a code of this step or a later one was accepted already (a code is good once), or when the
 * enrolment is no longer what was checked (`isPending`: confirmed meanwhile, or removed and begun again).
 */
export async function claimSecondFactorStep(
  db: Queryable,
  userId: string,
  step: number,
  isPending: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE user_second_factors SET last_used_step = $2, confirmed_at = COALESCE(confirmed_at, now())
     WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) AND (confirmed_at IS NULL) = $3`,
    [userId, step, isPending],
  );
  return rowCount === 1;
}
