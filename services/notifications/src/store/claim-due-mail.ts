import type { Queryable } from '@sh/shared/server';

export interface ClaimedMail {
  id: string;
  template: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  attempts: number;
  headers: Record<string, string> | null;
}

/**
 * Claims up to `limit` mails that are due: pending ones whose retry time has come, and ones another sender
 * claimed but never finished (its claim lapsed: it died mid-send). Each claim counts as an attempt and
 * lasts `leaseMs`. SKIP LOCKED lets several senders share the queue without claiming the same row.
 */
export async function claimDueMail(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const { rows } = await db.query<ClaimedMail>(
    `WITH due AS (
       SELECT id FROM mail_queue
        WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE mail_queue m
        SET status = 'sending', attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
       FROM due
      WHERE m.id = due.id
     RETURNING m.id, m.template, m.to_address, m.reply_to, m.subject, m.html_body, m.text_body, m.attempts, m.headers`,
    [limit, leaseMs],
  );
  return rows;
}
