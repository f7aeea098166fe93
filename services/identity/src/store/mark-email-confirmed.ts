import type { Queryable } from '@sh/shared/server';

/** Marks a user's e-mail confirmed (keeps the first confirmation time). */
export async function markEmailConfirmed(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}
