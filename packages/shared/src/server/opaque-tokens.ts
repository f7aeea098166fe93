import { createHash, randomBytes } from 'node:crypto';

/**
 * A new opaque token (a refresh token, an e-mailed link, a reminder's opt-in or unsubscribe link): 256 random bits,
 * base64url. Only its hash is stored (hashToken); the token itself goes to its holder alone and is never logged.
 */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How an opaque token is stored: its SHA-256, hex. The raw token is never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
