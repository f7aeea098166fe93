import type { Queryable } from '@sh/shared/server';
import { insertOneTimeToken } from '../store/insert-one-time-token.js';
import type { OneTimeTokenKind } from '../store/one-time-token-kind.js';
import { generateOpaqueToken, hashToken } from '@sh/shared/server';

/** Makes a new single-use link token for a user: stores its hash with the expiry and answers the raw token for the mail. */
export async function issueOneTimeToken(
  db: Queryable,
  kind: OneTimeTokenKind,
  userId: string,
  ttlMs: number,
): Promise<string> {
  const token = generateOpaqueToken();
  await insertOneTimeToken(db, kind, { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}
