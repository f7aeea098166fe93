import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, signAccessToken } from '../src/server/index.js';
import { createTestKeyPair } from '../src/testing/index.js';

const identityKeys = createTestKeyPair();
const forgerKeys = createTestKeyPair();
let keyFetches = 0;
let server: Server;
let identityUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/api/v1/auth/public-key') {
      res.writeHead(404).end();
      return;
    }
    keyFetches += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 200, data: { publicKey: identityKeys.publicKey } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  identityUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the token verifier', () => {
  it('refetches the public key for a bad signature at most once per interval, however many arrive', async () => {
    keyFetches = 0;
    const verifier = createTokenVerifier({ identityUrl, minRefetchMs: 60_000 });
    const genuine = signAccessToken(identityKeys.privateKey, { sub: 'u1', role: 'garage', email: 'a@example.co.uk' });
    await expect(verifier.verify(genuine)).resolves.toMatchObject({ sub: 'u1' });
    expect(keyFetches).toBe(1);
    const forged = signAccessToken(forgerKeys.privateKey, { sub: 'u2', role: 'admin', email: 'b@example.co.uk' });
    for (let i = 0; i < 25; i += 1)
      await expect(verifier.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(keyFetches).toBe(2);
    await expect(verifier.verify(genuine)).resolves.toMatchObject({ sub: 'u1' });
  });

  it('refetches again once the interval has passed (key rotation still works)', async () => {
    keyFetches = 0;
    const verifier = createTokenVerifier({ identityUrl, minRefetchMs: 0 });
    const forged = signAccessToken(forgerKeys.privateKey, { sub: 'u2', role: 'admin', email: 'b@example.co.uk' });
    for (let i = 0; i < 3; i += 1)
      await expect(verifier.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(keyFetches).toBe(4);
  });
});
