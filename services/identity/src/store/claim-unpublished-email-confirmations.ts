import type { Queryable } from '@sh/shared/server';

/** A confirmed address the other services have not been told of. */
export interface UnpublishedConfirmation {
  userId: string;
  email: string;
  confirmedAt: Date;
}

/**
 * Takes up to `limit` confirmed users whose confirmation was never published (accounts from before
 * user.email_confirmed existed, or inserted by the demo seed) and marks them published: the caller writes their
 * events in the same transaction. SKIP LOCKED lets two instances starting together share the work.
 */
export async function claimUnpublishedEmailConfirmations(
  db: Queryable,
  limit: number,
): Promise<UnpublishedConfirmation[]> {
  const { rows } = await db.query<{ id: string; email: string; email_confirmed_at: Date }>(
    `UPDATE users SET email_confirmation_published_at = now()
      WHERE id IN (SELECT id FROM users
                    WHERE email_confirmed_at IS NOT NULL AND email_confirmation_published_at IS NULL
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, email, email_confirmed_at`,
    [limit],
  );
  return rows.map((row) => ({ userId: row.id, email: row.email, confirmedAt: row.email_confirmed_at }));
}
