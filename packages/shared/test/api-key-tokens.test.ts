/**
 * Key tokens (docs/architecture.md#api-keys): what the gateway forwards in an API key's place is good only where a
 * service asks for a key token, and an access token is no key token.
 */
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../src/contract/index.js';
import {
  API_KEY_TOKEN_AUDIENCE,
  createTokenVerifier,
  JWT_ISSUER,
  generateApiKey,
  hashApiKey,
  signAccessToken,
  signApiKeyToken,
} from '../src/server/index.js';
import { TEST_KEY_PAIR } from '../src/testing/index.js';

const verifier = createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey });
const claims = {
  garageId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  keyId: '0b5f3c1e-6d2a-4c8b-9e7f-1a2b3c4d5e6f',
  keyName: 'Workshop system',
  scope: 'log-and-read' as const,
};

describe('key tokens', () => {
  it('are read back by verifyApiKeyToken, and refused as access tokens (401)', async () => {
    const token = signApiKeyToken(TEST_KEY_PAIR.privateKey, claims);
    expect(await verifier.verifyApiKeyToken(token)).toEqual(claims);
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it("read a token from before scopes as a 'log' key's, and refuse a scope that does not exist", async () => {
    const { scope: _scope, ...unscoped } = claims;
    const before = jwt.sign({ keyId: claims.keyId, keyName: claims.keyName }, TEST_KEY_PAIR.privateKey, {
      algorithm: 'RS256',
      subject: claims.garageId,
      issuer: JWT_ISSUER,
      audience: API_KEY_TOKEN_AUDIENCE,
      expiresIn: 60,
    });
    expect(await verifier.verifyApiKeyToken(before)).toEqual({ ...unscoped, scope: 'log' });
    const forged = signApiKeyToken(TEST_KEY_PAIR.privateKey, { ...claims, scope: 'everything' as 'log' });
    await expect(verifier.verifyApiKeyToken(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('are not made of an access token', async () => {
    const access = signAccessToken(TEST_KEY_PAIR.privateKey, { sub: claims.garageId, role: 'garage', email: 'a@b.co' });
    await expect(verifier.verifyApiKeyToken(access)).rejects.toMatchObject({ status: 401 });
  });
});

describe('API keys', () => {
  it('have the documented shape, a fresh prefix and secret each time, and a keyed hash', () => {
    const [a, b] = [generateApiKey(), generateApiKey()];
    expect(a.key).toMatch(API_KEY_PATTERN);
    expect(API_KEY_PATTERN.exec(a.key)?.[1]).toBe(a.prefix);
    expect(a.key).not.toBe(b.key);
    const hashKey = Buffer.alloc(32, 1);
    expect(hashApiKey(a.key, hashKey)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(a.key, hashKey)).not.toBe(hashApiKey(a.key, Buffer.alloc(32, 2)));
  });
});
