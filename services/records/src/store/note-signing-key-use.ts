import type { Queryable } from '@sh/shared/server';

/** Widens a key's period in the history to cover signatures made between `from` and `until`. */
export async function noteSigningKeyUse(
  db: Queryable,
  keyId: string,
  used: { from: Date; until: Date },
): Promise<void> {
  await db.query(
    `UPDATE signing_key_history
        SET first_used_at = LEAST(COALESCE(first_used_at, $2), $2), last_used_at = GREATEST(COALESCE(last_used_at, $3), $3)
      WHERE key_id = $1`,
    [keyId, used.from, used.until],
  );
}
