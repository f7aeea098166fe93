import type { Queryable } from '@sh/shared/server';

export interface SigningKeyRow {
  key_id: string;
  public_key: string;
  first_used_at: Date | null;
  last_used_at: Date | null;
}

/** Every key in the history whose public half is known, oldest first (by first signature, then registration). */
export async function findSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>(
    `SELECT key_id, public_key, first_used_at, last_used_at FROM signing_key_history
      WHERE public_key IS NOT NULL
      ORDER BY first_used_at ASC NULLS LAST, registered_at ASC, key_id ASC`,
  );
  return rows;
}
