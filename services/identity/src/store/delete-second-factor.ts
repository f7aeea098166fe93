import type { Queryable } from '@sh/shared/server';

/** Removes the user's enrolment and recovery codes. */
export async function deleteSecondFactor(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM user_second_factors WHERE user_id = $1', [userId]);
}
