import type { Queryable } from '@sh/shared/server';
import type { OneTimeTokenKind } from './one-time-token-kind.js';

/** The statement for each kind's table, written out so that no SQL is assembled at run time. */
const INSERT_SQL: Record<OneTimeTokenKind, string> = {
  password_reset: 'INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)',
  email_confirmation: 'INSERT INTO email_confirmation_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)',
};

/** Stores a link's token hash with its expiry. */
export async function insertOneTimeToken(
  db: Queryable,
  kind: OneTimeTokenKind,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query(INSERT_SQL[kind], [token.userId, token.tokenHash, token.expiresAt]);
}
