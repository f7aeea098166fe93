import type { Queryable } from '@sh/shared/server';

/** Replaces the user's recovery codes with these (their hashes). */
export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[]): Promise<void> {
  await db.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO second_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    codeHashes,
  ]);
}
