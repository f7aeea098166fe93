import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRequestRedis,
  createRevokedUsers,
  createTokenVerifier,
  revokedUserKey,
  signAccessToken,
  type Redis,
} from '../src/server/index.js';
import {
  createTestKeyPair,
  startServiceProcess,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '../src/testing/index.js';
import { refusingRedisUrl } from './redis-stand-ins.js';

/** Identity as its own process, signing with the shared test key pair: the verifier fetches its public key from it. */
const identityKeys = TEST_KEY_PAIR;
const forgerKeys = createTestKeyPair();
let identity: ServiceProcess;
let identityUrl = '';
let keyFetchesBefore = 0;

/** How many times identity has answered its public key (its request log: one line a request, after the answer). */
const keyFetchesSoFar = () =>
  identity.lines.filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/api/v1/auth/public-key"'))
    .length;

/** Waits until identity has logged `expected` key fetches since the count was last reset, then answers the count. */
async function keyFetches(expected: number): Promise<number> {
  await vi.waitFor(() => expect(keyFetchesSoFar() - keyFetchesBefore).toBeGreaterThanOrEqual(expected));
  return keyFetchesSoFar() - keyFetchesBefore;
}

beforeAll(async () => {
  identity = await startServiceProcess('identity', { env: { INTERNAL_TOKEN: 'token-verifier-test-internal-token' } });
  identityUrl = identity.url;
});
afterAll(async () => {
  await identity?.stop();
});

describe('the token verifier', () => {
  it('refetches the public key for a bad signature at most once per interval, however many arrive', async () => {
    keyFetchesBefore = keyFetchesSoFar();
    const verifier = createTokenVerifier({ identityUrl, minRefetchMs: 60_000 });
    const genuine = signAccessToken(identityKeys.privateKey, { sub: 'u1', role: 'garage', email: 'a@example.co.uk' });
    await expect(verifier.verify(genuine)).resolves.toMatchObject({ sub: 'u1' });
    expect(await keyFetches(1)).toBe(1);
    const forged = signAccessToken(forgerKeys.privateKey, { sub: 'u2', role: 'admin', email: 'b@example.co.uk' });
    for (let i = 0; i < 25; i += 1)
      await expect(verifier.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(verifier.verify(genuine)).resolves.toMatchObject({ sub: 'u1' });
    // The genuine token's check, after the forgeries, needed no fetch: two in all.
    expect(await keyFetches(2)).toBe(2);
  });

  it('refetches again once the interval has passed (key rotation still works)', async () => {
    keyFetchesBefore = keyFetchesSoFar();
    const verifier = createTokenVerifier({ identityUrl, minRefetchMs: 0 });
    const forged = signAccessToken(forgerKeys.privateKey, { sub: 'u2', role: 'admin', email: 'b@example.co.uk' });
    for (let i = 0; i < 3; i += 1)
      await expect(verifier.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await keyFetches(4)).toBe(4);
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
  /** The marks identity keeps, in the test Redis under a prefix of this file's. */
  const prefix = testQueuePrefix();
  let redis: Redis;
  let refusing: Redis;
  beforeAll(async () => {
    redis = createRequestRedis(TEST_REDIS_URL);
    // A Redis that refuses every connection: the marks cannot be read.
    refusing = createRequestRedis(await refusingRedisUrl());
  });
  afterAll(async () => {
    await redis?.del(revokedUserKey(prefix, technician.sub));
    redis?.disconnect();
    refusing?.disconnect();
  });

  it('carry the garage and the name, and count until the technician is marked removed; then 401', async () => {
    const token = signAccessToken(identityKeys.privateKey, technician);
    const revokedUsers = createRevokedUsers(redis, prefix);
    const verifier = createTokenVerifier({ publicKey: identityKeys.publicKey, revokedUsers });
    await expect(verifier.verify(token)).resolves.toEqual(technician);
    await revokedUsers.revoke(technician.sub);
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('are refused (503), never let through, while the marks cannot be read; other tokens are not asked about', async () => {
    const away = createTokenVerifier({
      publicKey: identityKeys.publicKey,
      revokedUsers: createRevokedUsers(refusing, prefix),
    });
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
