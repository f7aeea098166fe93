import type { Queryable } from '@sh/shared/server';
import type { SecondFactorRow } from './second-factor-row.js';

/** The user's enrolment, pending or confirmed; null when they have none. */
export async function findSecondFactor(db: Queryable, userId: string): Promise<SecondFactorRow | null> {
  const { rows } = await db.query<SecondFactorRow>(
    'SELECT user_id, secret_ciphertext, confirmed_at, last_used_step::text AS last_used_step FROM user_second_factors WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}
