import type { Queryable } from '@sh/shared/server';
import type { OneTimeTokenKind } from './one-time-token-kind.js';

/** The statement for each kind's table, written out so that no SQL is assembled at run time. */
const CONSUME_SQL: Record<OneTimeTokenKind, string> = {
  password_reset: `UPDATE password_reset_tokens SET used_at = now()
                    WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
  email_confirmation: `UPDATE email_confirmation_tokens SET used_at = now()
                        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
};

/**
 * Uses a token: marks it used and answers its user, but only when it exists, is unused and has not expired.
 * One UPDATE, so two simultaneous uses cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Queryable,
  kind: OneTimeTokenKind,
  tokenHash: string,
): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(CONSUME_SQL[kind], [tokenHash]);
  return rows[0]?.user_id ?? null;
}
