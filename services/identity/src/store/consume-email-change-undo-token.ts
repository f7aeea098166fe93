import type { Queryable } from '@sh/shared/server';

/** The change an undo link was mailed about. */
export interface EmailChangeToUndo {
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** When the change was made (and the link issued). */
  changedAt: Date;
}

/**
 * Uses an undo link's token: marks it used and answers the change it undoes, but only when it exists, is unused and
 * has not expired. One UPDATE, so two simultaneous uses cannot both succeed.
 */
export async function consumeEmailChangeUndoToken(db: Queryable, tokenHash: string): Promise<EmailChangeToUndo | null> {
  const { rows } = await db.query<{ user_id: string; old_email: string; new_email: string; created_at: Date }>(
    `UPDATE email_change_undo_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, old_email, new_email, created_at`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? { userId: row.user_id, oldEmail: row.old_email, newEmail: row.new_email, changedAt: row.created_at }
    : null;
}
