import type { Queryable } from '@sh/shared/server';
import { USER_COLUMNS, type UserRow } from './user-row.js';

/** The user with this id, locked until the transaction ends so that two changes of their e-mail serialise. */
export async function findUserForUpdate(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 FOR UPDATE OF u`, [id]);
  return rows[0] ?? null;
}
