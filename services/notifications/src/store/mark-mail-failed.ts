import type { Queryable } from '@sh/shared/server';

/** Gives up on a mail: it stays in the log as failed, with the last error, for someone to look at. */
export async function markMailFailed(db: Queryable, mail: { id: string; attempts: number; error: string }): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET status = 'failed', last_error = $3
      WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
    [mail.id, mail.attempts, mail.error],
  );
}
