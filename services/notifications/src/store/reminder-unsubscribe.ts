import type { Queryable } from '@sh/shared/server';

/** Keeps a reminder mail's unsubscribe token (its hash). */
export async function insertUnsubscribeToken(
  db: Queryable,
  token: { tokenHash: string; reminderId: string },
): Promise<void> {
  await db.query('INSERT INTO reminder_unsubscribe_tokens (token_hash, reminder_id) VALUES ($1, $2)', [
    token.tokenHash,
    token.reminderId,
  ]);
}

export interface ReminderSubscription {
  registration: string;
  garageName: string;
  subscribed: boolean;
}

/**
 * The reminder an unsubscribe token's hash names, unsubscribed first when `unsubscribe` (at most once: a second click
 * changes nothing); null for a token of no reminder.
 */
export async function reminderByUnsubscribeToken(
  db: Queryable,
  tokenHash: string,
  unsubscribe: boolean,
): Promise<ReminderSubscription | null> {
  const { rows } = await db.query<ReminderSubscription>(
    unsubscribe
      ? `UPDATE reminders r SET unsubscribed_at = COALESCE(r.unsubscribed_at, now())
           FROM reminder_unsubscribe_tokens t
          WHERE t.token_hash = $1 AND r.id = t.reminder_id
         RETURNING r.registration, r.garage_name AS "garageName", false AS subscribed`
      : `SELECT r.registration, r.garage_name AS "garageName", r.unsubscribed_at IS NULL AS subscribed
           FROM reminders r JOIN reminder_unsubscribe_tokens t ON t.reminder_id = r.id
          WHERE t.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}
