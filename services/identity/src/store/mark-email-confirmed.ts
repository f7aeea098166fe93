import type { Queryable } from '@sh/shared/server';

/**
 * Marks a user's e-mail confirmed, and that confirmation as published: the caller writes user.email_confirmed in
 * the same transaction. Answers the address and the time when it was not confirmed before; null when it already
 * was (the first confirmation time is kept and nothing needs announcing).
 */
export async function markEmailConfirmed(
  db: Queryable,
  userId: string,
): Promise<{ email: string; confirmedAt: Date } | null> {
  const { rows } = await db.query<{ email: string; email_confirmed_at: Date }>(
    `UPDATE users SET email_confirmed_at = now(), email_confirmation_published_at = now(), updated_at = now()
      WHERE id = $1 AND email_confirmed_at IS NULL
      RETURNING email, email_confirmed_at`,
    [userId],
  );
  const row = rows[0];
  return row ? { email: row.email, confirmedAt: row.email_confirmed_at } : null;
}
