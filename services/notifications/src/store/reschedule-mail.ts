import type { Queryable } from '@sh/shared/server';

/** Puts a mail whose attempt failed back in the queue, due again after `delayMs`. */
export async function rescheduleMail(
  db: Queryable,
  mail: { id: string; attempts: number; delayMs: number; error: string },
): Promise<void> {
  await db.query(
    `UPDATE mail_queue
        SET status = 'pending', next_attempt_at = now() + make_interval(secs => $3::double precision / 1000), last_error = $4
      WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
    [mail.id, mail.attempts, mail.delayMs, mail.error],
  );
}
