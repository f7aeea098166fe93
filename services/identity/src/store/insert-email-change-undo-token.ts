import type { Queryable } from '@sh/shared/server';

/** Stores the hash of an undo link's token with the change it undoes and its expiry. */
export async function insertEmailChangeUndoToken(
  db: Queryable,
  token: { userId: string; tokenHash: string; oldEmail: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO email_change_undo_tokens (user_id, token_hash, old_email, new_email, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [token.userId, token.tokenHash, token.oldEmail, token.newEmail, token.expiresAt],
  );
}
