import type { Queryable } from '@sh/shared/server';

export interface MailToQueue {
  eventId: string;
  template: string;
  dedupeKey?: string | null;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Headers besides the usual (a reminder's List-Unsubscribe); dropped once the mail is sent. */
  headers?: Record<string, string> | null;
}

/**
 * Queues a mail for the delivery loop. Call it with the event's transaction so the mail is queued exactly
 * when the event is recorded as handled. A mail already queued for the same (event, template), or with the
 * same dedupe key, is left alone: answers false.
 */
export async function enqueueMail(db: Queryable, mail: MailToQueue): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO mail_queue (event_id, template, dedupe_key, to_address, reply_to, subject, html_body, text_body, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT DO NOTHING`,
    [
      mail.eventId,
      mail.template,
      mail.dedupeKey ?? null,
      mail.to,
      mail.replyTo ?? null,
      mail.subject,
      mail.html,
      mail.text,
      mail.headers ? JSON.stringify(mail.headers) : null,
    ],
  );
  return result.rowCount === 1;
}
