import type { Queryable } from '@sh/shared/server';

/**
 * Marks used the unused undo links of a user's e-mail changes made after `after`: once an earlier change is undone,
 * the links of the changes that followed it (mailed to addresses that may not be the owner's) stop working.
 */
export async function retireLaterEmailChangeUndoTokens(db: Queryable, userId: string, after: Date): Promise<void> {
  await db.query(
    'UPDATE email_change_undo_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND created_at > $2',
    [userId, after],
  );
}
