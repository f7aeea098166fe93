import type { Queryable } from '@sh/shared/server';

/** Marks one unused recovery code used; false when the user has no such unused code. */
export async function useRecoveryCode(db: Queryable, userId: string, codeHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE second_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, codeHash],
  );
  return rowCount === 1;
}
