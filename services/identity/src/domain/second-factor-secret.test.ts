import { describe, expect, it } from 'vitest';
import { decryptSecondFactorSecret, encryptSecondFactorSecret } from './second-factor-secret.js';

const KEY = Buffer.alloc(32, 3);
const USER = '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('a stored TOTP secret', () => {
  it('reads back with the key for its user, and never holds the secret in clear', () => {
    const stored = encryptSecondFactorSecret(KEY, USER, SECRET);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toBe(encryptSecondFactorSecret(KEY, USER, SECRET));
    expect(decryptSecondFactorSecret(KEY, USER, stored)).toBe(SECRET);
  });

  it('does not read with another key, for another user, or altered', () => {
    const stored = encryptSecondFactorSecret(KEY, USER, SECRET);
    expect(() => decryptSecondFactorSecret(Buffer.alloc(32, 4), USER, stored)).toThrow();
    expect(() => decryptSecondFactorSecret(KEY, '00000000-0000-4000-8000-000000000000', stored)).toThrow();
    const [version, iv, tag, ciphertext] = stored.split('.');
    const flipped = ciphertext!.startsWith('A') ? 'B' : 'A';
    const altered = `${version}.${iv}.${tag}.${flipped}${ciphertext!.slice(1)}`;
    expect(() => decryptSecondFactorSecret(KEY, USER, altered)).toThrow();
  });
});
