import type { Queryable } from '@sh/shared/server';

/** How many of the user's recovery codes are still unused. */
export async function countRecoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ left: number }>(
    'SELECT count(*)::int AS left FROM second_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]?.left ?? 0;
}
