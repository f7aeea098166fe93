import type { Queryable } from '@sh/shared/server';

/**
 * Marks a queued mail withheld (over its recipient's day's allowance): the delivery loop never takes it, and its row
 * stays whole, to be seen, until retention erases its address and bodies as for a mail sent.
 */
export async function withholdMail(db: Queryable, mail: { eventId: string; template: string }): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET status = 'withheld', last_error = 'over the recipient''s customer mails a day'
      WHERE event_id = $1 AND template = $2 AND status = 'pending'`,
    [mail.eventId, mail.template],
  );
}
