import type { Queryable } from '@sh/shared/server';

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
