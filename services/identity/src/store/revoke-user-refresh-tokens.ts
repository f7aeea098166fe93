import type { Queryable } from '@sh/shared/server';

/** Revokes every live refresh token of a user (password reset or change). */
export async function revokeUserRefreshTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
