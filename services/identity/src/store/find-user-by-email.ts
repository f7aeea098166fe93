import type { Queryable } from '@sh/shared/server';
import { USER_COLUMNS, type UserRow } from './user-row.js';

/** The user with this (normalised) e-mail, with whether they are an admin. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email]);
  return rows[0] ?? null;
}
