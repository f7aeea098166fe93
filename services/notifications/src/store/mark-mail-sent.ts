import type { Queryable } from '@sh/shared/server';

/**
 * Records a mail as sent and clears its bodies (a reset or confirmation link is a credential; the log keeps
 * who, what and when). Only the claim that sent it may mark it: answers false if the claim was lost.
 */
export async function markMailSent(
  db: Queryable,
  mail: { id: string; attempts: number; messageId: string; smtpResponse: string },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE mail_queue
        SET status = 'sent', sent_at = now(), message_id = $3, smtp_response = $4, html_body = NULL, text_body = NULL,
            headers = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
    [mail.id, mail.attempts, mail.messageId, mail.smtpResponse],
  );
  return result.rowCount === 1;
}
