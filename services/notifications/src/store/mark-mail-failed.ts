import type { Queryable } from '@sh/shared/server';

/**
 * Gives up on a mail: it stays in the log as failed, with the last error, for someone to look at. Its bodies are
 * replaced with the given ones (the caller passes them with every link's token redacted: nothing keeps a credential
 * that was never delivered).
 */
export async function markMailFailed(
  db: Queryable,
  mail: { id: string; attempts: number; error: string; htmlBody: string; textBody: string },
): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET status = 'failed', last_error = $3, html_body = $4, text_body = $5, headers = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
    [mail.id, mail.attempts, mail.error, mail.htmlBody, mail.textBody],
  );
}
