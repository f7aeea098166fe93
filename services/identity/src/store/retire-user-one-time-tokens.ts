import type { Queryable } from '@sh/shared/server';
import type { OneTimeTokenKind } from './one-time-token-kind.js';

/** The statement for each kind's table, written out so that no SQL is assembled at run time. */
const RETIRE_SQL: Record<OneTimeTokenKind, string> = {
  password_reset: 'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
  email_confirmation: 'UPDATE email_confirmation_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
};

/** Marks every unused token of a user used (after a reset or a new link, older links stop working). */
export async function retireUserOneTimeTokens(db: Queryable, kind: OneTimeTokenKind, userId: string): Promise<void> {
  await db.query(RETIRE_SQL[kind], [userId]);
}
