import type { Queryable } from '@sh/shared/server';

/**
 * Stores a new pending enrolment's secret, replacing an earlier pending one; answers 'confirmed' (and changes
 * nothing) when the user's enrolment is already confirmed.
 */
export async function upsertPendingSecondFactor(
  db: Queryable,
  userId: string,
  secretCiphertext: string,
): Promise<'stored' | 'confirmed'> {
  const { rowCount } = await db.query(
    `INSERT INTO user_second_factors (user_id, secret_ciphertext) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, created_at = now(), last_used_step = NULL
       WHERE user_second_factors.confirmed_at IS NULL`,
    [userId, secretCiphertext],
  );
  return rowCount === 1 ? 'stored' : 'confirmed';
}
