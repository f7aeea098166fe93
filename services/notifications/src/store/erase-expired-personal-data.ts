import { RETENTION } from '@sh/shared/contract';
import { withTransaction, type Pool } from '@sh/shared/server';

export interface ErasedPersonalData {
  mails: number;
  contactMessages: number;
  callbackRequests: number;
  reminderOffers: number;
  reminders: number;
}

/**
 * Erases what notifications keeps past its period (RETENTION, docs/product.md#retention), as of `now`, in one
 * transaction. A mail sent, given up on or withheld keeps its row (its event id and dedupe key stop it being sent twice) with
 * its address, reply-to, headers and bodies erased; a pending mail is never touched. Statements that change nothing
 * are harmless twice, so two replicas may run it at once.
 */
export async function eraseExpiredPersonalData(pool: Pool, now: Date): Promise<ErasedPersonalData> {
  return withTransaction(pool, async (client) => {
    const count = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rowCount ?? 0;
    const mails = await count(
      `UPDATE mail_queue SET to_address = '', reply_to = NULL, headers = NULL, html_body = NULL, text_body = NULL
        WHERE status IN ('sent', 'failed', 'withheld') AND created_at < $1::timestamptz - make_interval(months => $2)
          AND to_address <> ''`,
      [now, RETENTION.mailAddressMonths],
    );
    const contactMessages = await count(
      'DELETE FROM contact_messages WHERE received_at < $1::timestamptz - make_interval(months => $2)',
      [now, RETENTION.contactMessageMonths],
    );
    const callbackRequests = await count(
      'DELETE FROM callback_requests WHERE received_at < $1::timestamptz - make_interval(months => $2)',
      [now, RETENTION.contactMessageMonths],
    );
    const reminderOffers = await count('DELETE FROM reminder_offers WHERE expires_at < $1', [now]);
    const reminders = await count(
      `WITH gone AS (SELECT id FROM reminders
                      WHERE unsubscribed_at < $1::timestamptz - make_interval(days => $2) FOR UPDATE SKIP LOCKED),
            sends AS (DELETE FROM reminder_sends s USING gone WHERE s.reminder_id = gone.id),
            tokens AS (DELETE FROM reminder_unsubscribe_tokens t USING gone WHERE t.reminder_id = gone.id)
       DELETE FROM reminders r USING gone WHERE r.id = gone.id`,
      [now, RETENTION.unsubscribedReminderDays],
    );
    return { mails, contactMessages, callbackRequests, reminderOffers, reminders };
  });
}
