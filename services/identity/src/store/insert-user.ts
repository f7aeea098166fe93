import type { Queryable } from '@sh/shared/server';

/** A user to create. */
export interface NewUser {
  email: string;
  passwordHash: string;
  role: 'garage' | 'none';
  emailConfirmed: boolean;
}

/** The new user's id, or that another user already has the e-mail (nothing was inserted). */
export type InsertUserResult = { outcome: 'created'; id: string } | { outcome: 'email_taken' };

/**
 * Inserts a user unless the e-mail is taken. The unique index decides (ON CONFLICT), so two simultaneous
 * inserts of one e-mail cannot both succeed, and a taken e-mail leaves the caller's transaction usable.
 */
export async function insertUser(db: Queryable, user: NewUser): Promise<InsertUserResult> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_confirmed_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [user.email, user.passwordHash, user.role, user.emailConfirmed],
  );
  const id = rows[0]?.id;
  return id ? { outcome: 'created', id } : { outcome: 'email_taken' };
}
