import type { Queryable } from '@sh/shared/server';

/** The two kinds of single-use e-mailed link; each has its own table of the same shape. */
export type OneTimeTokenKind = 'password_reset' | 'email_confirmation';

/** The statements for each table, written out so that no SQL is assembled at run time. */
const SQL: Record<OneTimeTokenKind, { insert: string; consume: string; retire: string }> = {
  password_reset: {
    insert: 'INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)',
    consume: `UPDATE password_reset_tokens SET used_at = now()
               WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
               RETURNING user_id`,
    retire: 'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
  },
  email_confirmation: {
    insert: 'INSERT INTO email_confirmation_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)',
    consume: `UPDATE email_confirmation_tokens SET used_at = now()
               WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
               RETURNING user_id`,
    retire: 'UPDATE email_confirmation_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
  },
};

/** Stores a link's token hash with its expiry. */
export async function insertOneTimeToken(
  db: Queryable,
  kind: OneTimeTokenKind,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query(SQL[kind].insert, [token.userId, token.tokenHash, token.expiresAt]);
}

/**
 * Uses a token: marks it used and answers its user, but only when it exists, is unused and has not expired.
 * One UPDATE, so two simultaneous uses cannot both succeed.
 */
export async function consumeOneTimeToken(db: Queryable, kind: OneTimeTokenKind, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(SQL[kind].consume, [tokenHash]);
  return rows[0]?.user_id ?? null;
}

/** Marks every unused token of a user used (after a reset or a new link, older links stop working). */
export async function retireUserOneTimeTokens(db: Queryable, kind: OneTimeTokenKind, userId: string): Promise<void> {
  await db.query(SQL[kind].retire, [userId]);
}
