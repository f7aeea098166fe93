import type { Queryable } from '@sh/shared/server';

/** Revokes every live token of a family. */
export async function revokeRefreshTokenFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
    familyId,
  ]);
}
