import type { Queryable } from '@sh/shared/server';

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  /** When the first token of this token's family was issued: when the user signed in. */
  family_started_at: Date;
}

/** The refresh token with this hash, locked until the transaction ends so that two refreshes serialise. */
export async function findRefreshTokenForUpdate(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `SELECT t.id, t.user_id, t.family_id, t.expires_at, t.used_at, t.revoked_at,
            (SELECT min(f.created_at) FROM refresh_tokens f WHERE f.family_id = t.family_id) AS family_started_at
       FROM refresh_tokens t WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [tokenHash],
  );
  return rows[0] ?? null;
}
