import { createHash, randomBytes } from 'node:crypto';

/**
 * A reminder link's single-purpose token (the opt-in link, each reminder's unsubscribe link): 32 random bytes as
 * base64url. Only its SHA-256 is stored; the token itself is in the mail alone, and never logged.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a link's token. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
