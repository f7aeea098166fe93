/**
 * API keys are bounded (docs/product.md#api-keys), through the real gateway: identity, records and the gateway each
 * their own process on their own databases. A garage has at most ACTIVE_API_KEYS_PER_GARAGE keys not revoked, and a
 * key's scope, chosen when it is made, decides whether it may read the garage's records (with customers' contact
 * details) or only log services; records, where the key token is taken, enforces it.
 */
import {
  ACTIVE_API_KEYS_PER_GARAGE,
  API_KEY_MESSAGES,
  ZApiKeysResponseSchema,
  ZCreateApiKeyResponseSchema,
  ZErrorEnvelopeSchema,
  ZMyServiceRecordsResponseSchema,
} from '@sh/shared/contract';
import { signAccessToken } from '@sh/shared/server';
import {
  callJson,
  createIdentityUser,
  startServiceProcess,
  testQueuePrefix,
  TEST_KEY_PAIR,
  type ServiceProcess,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INTERNAL_TOKEN = 'identity-api-key-limits-internal-token';

let identity: ServiceProcess;
let records: ServiceProcess;
let gateway: ServiceProcess;

beforeAll(async () => {
  const env = { REDIS_KEY_PREFIX: testQueuePrefix(), INTERNAL_TOKEN };
  identity = await startServiceProcess('identity', { env });
  records = await startServiceProcess('records', { env: { ...env, IDENTITY_URL: identity.url } });
  gateway = await startServiceProcess('gateway', {
    env: {
      ...env,
      IDENTITY_URL: identity.url,
      RECORDS_URL: records.url,
      RATE_LIMIT_API_PER_MINUTE: '10000',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      WEB_DIST: '/nonexistent',
    },
  });
}, 120_000);

afterAll(async () => {
  for (const process of [gateway, records, identity]) await process?.stop();
});

const call = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  callJson(gateway.url, method, `/api/v1${path}`, options);

/** A garage's owner, made as signup makes one, with an access token. */
async function newOwner() {
  const user = await createIdentityUser(identity.url, INTERNAL_TOKEN);
  const token = signAccessToken(TEST_KEY_PAIR.privateKey, { sub: user.id, role: 'garage', email: user.email });
  return { ...user, token };
}

type Owner = Awaited<ReturnType<typeof newOwner>>;

const makeKey = (owner: Owner, name: string, scope?: string) =>
  call('POST', '/api-keys', { token: owner.token, body: { name, scope, currentPassword: owner.password } });

async function listKeys(owner: Owner) {
  const answer = await call('GET', '/api-keys', { token: owner.token });
  expect(answer.status).toBe(200);
  return ZApiKeysResponseSchema.parse(answer.body).data.apiKeys;
}

async function keyOf(owner: Owner, name: string, scope?: string) {
  const answer = await makeKey(owner, name, scope);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return ZCreateApiKeyResponseSchema.parse(answer.body).data;
}

describe('active API keys a garage', () => {
  it(`refuses a key beyond ${ACTIVE_API_KEYS_PER_GARAGE} not revoked with 409, making none; a revoked one frees a place`, async () => {
    const owner = await newOwner();
    for (let i = 1; i <= ACTIVE_API_KEYS_PER_GARAGE; i += 1) await keyOf(owner, `System ${i}`);

    const refused = await makeKey(owner, 'One too many');
    expect(refused.status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(refused.body)).toMatchObject({
      code: 'conflict',
      message: API_KEY_MESSAGES.limitReached,
    });
    const listed = await listKeys(owner);
    expect(listed.map((key) => key.name)).not.toContain('One too many');
    expect(listed).toHaveLength(ACTIVE_API_KEYS_PER_GARAGE);
    // Another garage's keys are its own.
    await keyOf(await newOwner(), 'System 1');

    expect((await call('DELETE', `/api-keys/${listed[0]!.id}`, { token: owner.token })).status).toBe(200);
    await keyOf(owner, 'One too many');
    expect((await makeKey(owner, 'And another')).status).toBe(409);
  });
});

describe("an API key's scope", () => {
  it("is chosen when the key is made and listed; a 'log' key may log but is refused on the garage's records", async () => {
    const owner = await newOwner();
    const logOnly = await keyOf(owner, 'Workshop logger', 'log');
    const reader = await keyOf(owner, 'Workshop reader', 'log-and-read');
    expect(logOnly.apiKey.scope).toBe('log');
    expect(Object.fromEntries((await listKeys(owner)).map((key) => [key.name, key.scope]))).toEqual({
      'Workshop logger': 'log',
      'Workshop reader': 'log-and-read',
    });

    const refused = await call('GET', '/service-records/mine', { token: logOnly.key });
    expect(refused.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(refused.body)).toMatchObject({
      code: 'forbidden',
      message: API_KEY_MESSAGES.notInScope,
    });
    // Logging is its scope: the call gets past the key (to the body's own 400).
    const logged = await call('POST', '/service-records/by-api-key', { token: logOnly.key, body: {} });
    expect(logged.status).toBe(400);
    expect(logged.body.code).toBe('validation_failed');

    const read = await call('GET', '/service-records/mine', { token: reader.key });
    expect(read.status).toBe(200);
    expect(ZMyServiceRecordsResponseSchema.parse(read.body).data.serviceRecords).toEqual([]);
  });

  it("is 'log-and-read' when the request names none, as every key made before scopes; one that does not exist is a 400", async () => {
    const owner = await newOwner();
    expect((await keyOf(owner, 'Older client')).apiKey.scope).toBe('log-and-read');

    const wrong = await makeKey(owner, 'Everything', 'everything');
    expect(wrong.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(wrong.body)).toMatchObject({
      errors: [{ path: 'scope', message: API_KEY_MESSAGES.scopeInvalid }],
    });
    expect((await listKeys(owner)).map((key) => key.name)).toEqual(['Older client']);
  });
});
