import type { Queryable } from '@sh/shared/server';

/** Whether identity has confirmed this account's e-mail (user.email_confirmed was heard). */
export async function isEmailConfirmed(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ confirmed: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM email_confirmations WHERE user_id = $1) AS confirmed',
    [userId],
  );
  return rows[0]!.confirmed;
}
