import type { Queryable } from '@sh/shared/server';

/** Whether identity has confirmed this garage's e-mail (user.email_confirmed was heard). A garage never heard of has not. */
export async function isEmailConfirmed(db: Queryable, garageId: string): Promise<boolean> {
  const { rows } = await db.query<{ confirmed: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM email_confirmations WHERE user_id = $1) AS confirmed',
    [garageId],
  );
  return rows[0]!.confirmed;
}
