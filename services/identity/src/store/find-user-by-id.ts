import type { Queryable } from '@sh/shared/server';
import { USER_COLUMNS, type UserRow } from './user-row.js';

/** The user with this id, with whether they are an admin. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}
