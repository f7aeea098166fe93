import type { Queryable } from '@sh/shared/server';

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** Stores a refresh token's hash in a family. */
export async function insertRefreshToken(
  db: Queryable,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    token.userId,
    token.familyId,
    token.tokenHash,
    token.expiresAt,
  ]);
}

/** The refresh token with this hash, locked until the transaction ends so that two refreshes serialise. */
export async function findRefreshTokenForUpdate(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    'SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Marks a refresh token used (it has been exchanged for the next one). */
export async function markRefreshTokenUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
}

/** Revokes every live token of a family. */
export async function revokeRefreshTokenFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/** Revokes every live refresh token of a user (password reset or change). */
export async function revokeUserRefreshTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

/** The family of the refresh token with this hash, if any. */
export async function findRefreshTokenFamily(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
  return rows[0]?.family_id ?? null;
}
