import { SERVICE_TIME_ZONE, type TReminderDueFrom } from '@sh/shared/contract';
import type { PoolClient } from '@sh/shared/server';

export interface DueReminder {
  id: string;
  garageName: string;
  registration: string;
  customerEmail: string;
  serviceDate: string;
  dueDate: string;
  dueFrom: TReminderDueFrom | null;
}

/**
 * Locks up to `limit` reminders due today or before on the UK calendar, subscribed, whose mail for this due date was
 * never queued. SKIP LOCKED lets two replicas scan at once without taking the same reminder; the lock lasts until
 * the caller's transaction ends, in which it records the send (recordReminderSend) and queues the mail.
 */
export async function claimDueReminders(client: PoolClient, limit: number): Promise<DueReminder[]> {
  const { rows } = await client.query<DueReminder>(
    `SELECT r.id, r.garage_name AS "garageName", r.registration, r.customer_email AS "customerEmail",
            to_char(r.service_date, 'YYYY-MM-DD') AS "serviceDate", to_char(r.due_date, 'YYYY-MM-DD') AS "dueDate", r.due_from AS "dueFrom"
       FROM reminders r
      WHERE r.unsubscribed_at IS NULL
        AND r.due_date <= (now() AT TIME ZONE $2)::date
        AND NOT EXISTS (SELECT 1 FROM reminder_sends s WHERE s.reminder_id = r.id AND s.due_date = r.due_date)
      ORDER BY r.due_date
      LIMIT $1
      FOR UPDATE OF r SKIP LOCKED`,
    [limit, SERVICE_TIME_ZONE],
  );
  return rows;
}

/** Records that the reminder's mail for its due date is queued under `mailEventId`; false if it already was. */
export async function recordReminderSend(
  client: PoolClient,
  send: { reminderId: string; dueDate: string; mailEventId: string },
): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO reminder_sends (reminder_id, due_date, mail_event_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [send.reminderId, send.dueDate, send.mailEventId],
  );
  return result.rowCount === 1;
}
