import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyOf } from './signing-keys.js';

describe('publicKeyOf', () => {
  it('derives the SPKI public key of a PKCS#8 or PKCS#1 private key', () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    expect(publicKeyOf(pkcs1.privateKey)).toBe(pkcs1.publicKey);
  });
});
