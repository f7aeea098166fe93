import type { TReminderBasis } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';

/** What a garage's reminders are due from; 'service' until it chooses. */
export async function readReminderBasis(db: Queryable, garageId: string): Promise<TReminderBasis> {
  const { rows } = await db.query<{ basis: TReminderBasis }>(
    'SELECT basis FROM reminder_settings WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]?.basis ?? 'service';
}

export async function saveReminderBasis(db: Queryable, garageId: string, basis: TReminderBasis): Promise<void> {
  await db.query(
    `INSERT INTO reminder_settings (garage_id, basis) VALUES ($1, $2)
     ON CONFLICT (garage_id) DO UPDATE SET basis = EXCLUDED.basis, updated_at = now()`,
    [garageId, basis],
  );
}

/** A garage's counts: reminder mails sent (delivered), and customers subscribed now. Never an address. */
export async function countGarageReminders(
  db: Queryable,
  garageId: string,
): Promise<{ sent: number; optedIn: number }> {
  const { rows } = await db.query<{ sent: number; optedIn: number }>(
    `SELECT (SELECT count(*)::int FROM reminder_sends s
               JOIN reminders r ON r.id = s.reminder_id
               JOIN mail_queue m ON m.event_id = s.mail_event_id AND m.template = 'service_reminder'
              WHERE r.garage_id = $1 AND m.status = 'sent') AS sent,
            (SELECT count(*)::int FROM reminders WHERE garage_id = $1 AND unsubscribed_at IS NULL) AS "optedIn"`,
    [garageId],
  );
  return rows[0]!;
}
