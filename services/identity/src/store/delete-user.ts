import type { Queryable } from '@sh/shared/server';

/** Deletes a user; their tokens and admin membership go with them (ON DELETE CASCADE). Answers whether one was deleted. */
export async function deleteUser(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query('DELETE FROM users WHERE id = $1', [userId]);
  return (result.rowCount ?? 0) > 0;
}
