import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A TOTP secret as it is stored: AES-256-GCM under identity's SECOND_FACTOR_KEY, as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url), bound to its user's id (associated data) so that a row copied to another user does not decrypt.
 */
export function encryptSecondFactorSecret(key: Buffer, userId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The base32 secret of a stored one (see encryptSecondFactorSecret); throws when it was not sealed with this key for this user. */
export function decryptSecondFactorSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
