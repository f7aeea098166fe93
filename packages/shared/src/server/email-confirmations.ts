import type { Queryable } from './store/db.js';
import type { EventHandlers } from './events.js';

/**
 * A service that lets only a garage whose e-mail is confirmed do something (check out, add a record, keep its company
 * number) keeps its own copy of the confirmations, in a table of its own database (`email_confirmations`: user_id
 * uuid PRIMARY KEY, confirmed_at timestamptz), filled by user.email_confirmed.
 */

/** The handler of user.email_confirmed that keeps `email_confirmations`: the first confirmation heard is kept. */
export function emailConfirmationHandlers(): Required<Pick<EventHandlers, 'user.email_confirmed'>> {
  return {
    'user.email_confirmed': async (db, event) => {
      await db.query(
        'INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
        [event.payload.userId, new Date(event.payload.confirmedAt)],
      );
    },
  };
}

/** Whether identity has confirmed this account's e-mail (user.email_confirmed was heard). One never heard of has not. */
export async function isEmailConfirmed(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ confirmed: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM email_confirmations WHERE user_id = $1) AS confirmed',
    [userId],
  );
  return rows[0]!.confirmed;
}
