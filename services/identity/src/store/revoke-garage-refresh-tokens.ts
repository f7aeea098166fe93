import type { Queryable } from '@sh/shared/server';

/** Revokes every live refresh token of a garage's team: its owner's account and each of its technicians'. */
export async function revokeGarageRefreshTokens(db: Queryable, garageId: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL
        AND user_id IN (SELECT id FROM users WHERE id = $1 OR garage_id = $1)`,
    [garageId],
  );
}
