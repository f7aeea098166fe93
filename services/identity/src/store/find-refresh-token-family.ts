import type { Queryable } from '@sh/shared/server';

/** The family of the refresh token with this hash, if any. */
export async function findRefreshTokenFamily(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [
    tokenHash,
  ]);
  return rows[0]?.family_id ?? null;
}
