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

describe("a garage's technicians' tokens (docs/product.md#the-garages-team)", () => {
  const technician = {
    sub: '5b1e6f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    role: 'technician' as const,
    email: 'rhys@example.co.uk',
    garageId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    name: 'Rhys Price',
  };
  const marks = (revoked: string[], answers = true) => ({
    isRevoked: async (userId: string) => {
      if (!answers) throw new Error('Redis is away');
      return revoked.includes(userId);
    },
    revoke: async () => undefined,
  });

  it('carry the garage and the name, and count until the technician is marked removed; then 401', async () => {
    const token = signAccessToken(identityKeys.privateKey, technician);
    const live = createTokenVerifier({ publicKey: identityKeys.publicKey, revokedUsers: marks([]) });
    await expect(live.verify(token)).resolves.toEqual(technician);
    const removed = createTokenVerifier({ publicKey: identityKeys.publicKey, revokedUsers: marks([technician.sub]) });
    await expect(removed.verify(token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('are refused (503), never let through, while the marks cannot be read; other tokens are not asked about', async () => {
    const away = createTokenVerifier({ publicKey: identityKeys.publicKey, revokedUsers: marks([], false) });
    await expect(away.verify(signAccessToken(identityKeys.privateKey, technician))).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    const owner = { sub: technician.garageId, role: 'garage' as const, email: 'o@example.co.uk' };
    await expect(away.verify(signAccessToken(identityKeys.privateKey, owner))).resolves.toEqual(owner);
  });

  it('is no token without its garage and name', async () => {
    const verifier = createTokenVerifier({ publicKey: identityKeys.publicKey });
    const { garageId: _garageId, ...nameless } = technician;
    await expect(verifier.verify(signAccessToken(identityKeys.privateKey, nameless))).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });
});
