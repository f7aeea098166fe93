import type { Queryable } from '@sh/shared/server';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: 'garage' | 'none';
  email_confirmed_at: Date | null;
  is_admin: boolean;
}

const USER_COLUMNS = `u.id, u.email, u.password_hash, u.role, u.email_confirmed_at,
  EXISTS (SELECT 1 FROM admin_users a WHERE a.user_id = u.id) AS is_admin`;

/** The user with this (normalised) e-mail, with whether they are an admin. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email]);
  return rows[0] ?? null;
}

/** The user with this id, with whether they are an admin. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Inserts a user; a taken e-mail raises Postgres' unique violation (23505), which callers turn into a 409. */
export async function insertUser(
  db: Queryable,
  user: { email: string; passwordHash: string; role: 'garage' | 'none'; emailConfirmed: boolean },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_confirmed_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END) RETURNING id`,
    [user.email, user.passwordHash, user.role, user.emailConfirmed],
  );
  return rows[0]!.id;
}

/** Inserts a user unless the e-mail is taken; answers the new id, or null when it was taken. */
export async function insertUserUnlessEmailTaken(
  db: Queryable,
  user: { email: string; passwordHash: string; role: 'garage' | 'none'; emailConfirmed: boolean },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_confirmed_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [user.email, user.passwordHash, user.role, user.emailConfirmed],
  );
  return rows[0]?.id ?? null;
}

/** Lists a user in the admin table (idempotent). */
export async function insertAdminMembership(db: Queryable, userId: string): Promise<void> {
  await db.query('INSERT INTO admin_users (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}

/** Replaces a user's password hash. */
export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
}

/** Sets a new e-mail, which then needs confirming again. A taken e-mail raises the unique violation. */
export async function updateEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query('UPDATE users SET email = $2, email_confirmed_at = NULL, updated_at = now() WHERE id = $1', [userId, email]);
}

/** Marks a user's e-mail confirmed (keeps the first confirmation time). */
export async function markEmailConfirmed(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}

/** Deletes a user; their tokens and admin membership go with them (ON DELETE CASCADE). */
export async function deleteUser(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query('DELETE FROM users WHERE id = $1', [userId]);
  return (result.rowCount ?? 0) > 0;
}

/** Drops the events about a user that the relay has not published yet (signup compensation). */
export async function deleteUnpublishedUserEvents(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM event_outbox WHERE published_at IS NULL AND payload->>'userId' = $1", [userId]);
}
