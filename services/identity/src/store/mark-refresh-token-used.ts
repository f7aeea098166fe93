import type { Queryable } from '@sh/shared/server';

/** Marks a refresh token used (it has been exchanged for the next one). */
export async function markRefreshTokenUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
}
