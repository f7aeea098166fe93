/**
 * API keys for garage systems, through the real gateway (docs/architecture.md#api-keys): identity, records and the
 * gateway each their own process (their main.ts), on their own databases and one Redis prefix. A key logs a record
 * (201) and lists the garage's records; on any other call it is a 403; revoked or unknown, a 401; it has its own
 * budget of records a minute; and the key is nowhere in the databases, Redis or the processes' logs in clear.
 */
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  ZApiKeysResponseSchema,
  ZCreateApiKeyResponseSchema,
  ZCreateServiceRecordResponseSchema,
  ZMyServiceRecordsResponseSchema,
} from '@sh/shared/contract';
import { createRedis, signAccessToken, type Pool } from '@sh/shared/server';
import {
  callJson,
  createIdentityUser,
  deleteKeysUnder,
  startServiceProcess,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INTERNAL_TOKEN = 'gateway-api-keys-internal-token';
/** Small, so that the budget is met within the test (and the first key, having made 3 attempts, has some left). */
const KEY_RECORDS_PER_MINUTE = 5;

let identity: ServiceProcess;
let records: ServiceProcess;
let gateway: ServiceProcess;
const prefix = testQueuePrefix();
let owner: { id: string; password: string; token: string };
/** Every key the test was shown, to look for afterwards. */
const keysShown: string[] = [];

beforeAll(async () => {
  const env = { REDIS_KEY_PREFIX: prefix, INTERNAL_TOKEN };
  identity = await startServiceProcess('identity', { env, logLevel: 'debug' });
  records = await startServiceProcess('records', { env: { ...env, IDENTITY_URL: identity.url }, logLevel: 'debug' });
  gateway = await startServiceProcess('gateway', {
    logLevel: 'debug',
    env: {
      ...env,
      IDENTITY_URL: identity.url,
      RECORDS_URL: records.url,
      RATE_LIMIT_API_PER_MINUTE: '10000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '10000',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      RATE_LIMIT_API_KEY_RECORDS_PER_MINUTE: String(KEY_RECORDS_PER_MINUTE),
      WEB_DIST: '/nonexistent',
    },
  });
  const user = await createIdentityUser(identity.url, INTERNAL_TOKEN);
  owner = {
    id: user.id,
    password: user.password,
    token: signAccessToken(TEST_KEY_PAIR.privateKey, { sub: user.id, role: 'garage', email: user.email }),
  };
  // The garage's technician, whom its system names when it logs a service (docs/product.md#the-garages-team).
  await identity.db!.pool.query(
    `INSERT INTO users (email, password_hash, role, garage_id, full_name, email_confirmed_at)
     VALUES ($1, 'not-a-hash', 'technician', $2, 'Priya Shah', now())`,
    [`priya.${user.id}@example.co.uk`, user.id],
  );
  // What records hears of the garage from events: its directory entry, its confirmed e-mail and its subscription.
  const db = records.db!.pool;
  await db.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    user.id,
    'Keyworth Motors Ltd',
    '3 Mill Lane, York, YO1 7AA',
    user.email,
  ]);
  await db.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [user.id]);
  await db.query(
    `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
    [user.id],
  );
}, 120_000);

afterAll(async () => {
  for (const process of [gateway, records, identity]) await process?.stop();
  await deleteKeysUnder(TEST_REDIS_URL, prefix);
});

const call = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  callJson(gateway.url, method, `/api/v1${path}`, options);

async function createKey(name: string): Promise<string> {
  const answer = await call('POST', '/api-keys', {
    token: owner.token,
    body: { name, currentPassword: owner.password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { data, message } = ZCreateApiKeyResponseSchema.parse(answer.body);
  expect(message).toBe(API_KEY_MESSAGES.created);
  expect(data.key).toMatch(API_KEY_PATTERN);
  expect(data.key.startsWith(`${data.apiKey.prefix}_`)).toBe(true);
  keysShown.push(data.key);
  return data.key;
}

let plate = 0;
const keyRecord = (overrides: Record<string, unknown> = {}) => {
  plate += 1;
  return {
    vin: 'WVWZZZ1JZXW000001',
    vehicle_registration: `KY${String(10 + (plate % 80))}KEY`,
    mileage: 30_000 + plate,
    service_type: 'Full Service',
    notes: 'Logged by the workshop system',
    technician: 'Priya Shah',
    customer_email: null,
    customer_phone: null,
    ...overrides,
  };
};

async function listKeys() {
  const answer = await call('GET', '/api-keys', { token: owner.token });
  expect(answer.status).toBe(200);
  return ZApiKeysResponseSchema.parse(answer.body).data.apiKeys;
}

async function countRecords(db: Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_records');
  return rows[0]!.n;
}

describe('an API key, through the gateway', () => {
  let key = '';

  it('is made only with the owner password, shown once, and listed by name and prefix without its secret', async () => {
    const wrong = await call('POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Workshop system', currentPassword: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    const missing = await call('POST', '/api-keys', { token: owner.token, body: { name: 'Workshop system' } });
    expect(missing.status).toBe(400);
    expect(await listKeys()).toEqual([]);

    key = await createKey('Workshop system');
    const taken = await call('POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Workshop system', currentPassword: owner.password },
    });
    expect(taken.status).toBe(409);
    const listed = await listKeys();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'Workshop system', last_used_at: null, revoked_at: null });
    expect(key.startsWith(listed[0]!.prefix)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(key.slice(listed[0]!.prefix.length + 1));
  });

  it('logs a record (201) that names the key and the technician, and lists the garage records', async () => {
    const created = await call('POST', '/service-records/by-api-key', { token: key, body: keyRecord() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = ZCreateServiceRecordResponseSchema.parse(created.body).data.serviceRecord;
    expect(record).toMatchObject({
      garage_id: owner.id,
      technician_name: 'Priya Shah',
      signed_by: 'Logged by API key Workshop system',
    });

    const listed = await call('GET', '/service-records/mine', { token: key });
    expect(listed.status).toBe(200);
    const ids = ZMyServiceRecordsResponseSchema.parse(listed.body).data.serviceRecords.map((r) => r.id);
    expect(ids).toContain(record.id);

    // The chain it was sealed into still verifies, with the key named in the sealed signer.
    const verified = await call('GET', `/service-records/verify/${record.vehicle_registration}`);
    expect(verified.body.data).toMatchObject({ valid: true });
    expect((await listKeys())[0]!.last_used_at).not.toBeNull();
  });

  it('refuses a record without a technician with a clear error, storing nothing', async () => {
    const before = await countRecords(records.db!.pool);
    const answer = await call('POST', '/service-records/by-api-key', {
      token: key,
      body: keyRecord({ technician: '   ' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: [{ path: 'technician', message: API_KEY_MESSAGES.technicianRequired }],
    });
    expect(await countRecords(records.db!.pool)).toBe(before);
  });

  it("refuses a technician who is not one of the garage's, storing nothing, and takes a technician's name as their account has it", async () => {
    // A key of its own, so that the first key's minute is left for the budget test below.
    const ownKey = await createKey('Technician check system');
    const before = await countRecords(records.db!.pool);
    const stranger = await call('POST', '/service-records/by-api-key', {
      token: ownKey,
      body: keyRecord({ technician: 'Someone Else' }),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({
      errors: [{ path: 'technician', message: API_KEY_MESSAGES.technicianUnknown }],
    });
    expect(await countRecords(records.db!.pool)).toBe(before);

    const written = await call('POST', '/service-records/by-api-key', {
      token: ownKey,
      body: keyRecord({ technician: '  priya SHAH ', vehicle_registration: 'YK19TEC' }),
    });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ data: { serviceRecord: { technician_name: 'Priya Shah' } } });
  });

  it('counts against the garage entitlement like any record', async () => {
    const db = records.db!.pool;
    await db.query('UPDATE garage_entitlements SET can_add_records = false WHERE garage_id = $1', [owner.id]);
    try {
      const answer = await call('POST', '/service-records/by-api-key', { token: key, body: keyRecord() });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'subscription_required' });
    } finally {
      await db.query('UPDATE garage_entitlements SET can_add_records = true WHERE garage_id = $1', [owner.id]);
    }
  });

  it('is a 403 on every other call, even public ones and the fast-path lookup', async () => {
    const elsewhere: [string, string, unknown?][] = [
      ['POST', '/service-records', { ...keyRecord(), full_name: 'Priya Shah', password: owner.password }],
      ['GET', '/api-keys'],
      ['POST', '/api-keys', { name: 'Another', currentPassword: owner.password }],
      ['GET', '/service-records/export?format=csv'],
      ['GET', '/auth/me'],
      ['GET', '/garages/me'],
      ['GET', '/admin/data'],
      ['GET', '/service-records/lookup/AD61HCX'],
      ['GET', '/service-records/signing-key'],
    ];
    for (const [method, path, body] of elsewhere) {
      const answer = await call(method, path, { token: key, body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
    }
    // The owner's own access token is no key: the key's call refuses it.
    const asOwner = await call('POST', '/service-records/by-api-key', { token: owner.token, body: keyRecord() });
    expect(asOwner.status).toBe(403);
  });

  it('has its own budget of records a minute, which another key does not share', async () => {
    const busy = await createKey('Bodyshop system');
    const statuses: number[] = [];
    for (let i = 0; i <= KEY_RECORDS_PER_MINUTE; i += 1) {
      statuses.push((await call('POST', '/service-records/by-api-key', { token: busy, body: keyRecord() })).status);
    }
    expect(statuses).toEqual([...Array<number>(KEY_RECORDS_PER_MINUTE).fill(201), 429]);
    // Reading is not a record: the busy key still lists.
    expect((await call('GET', '/service-records/mine', { token: busy })).status).toBe(200);
    const other = await call('POST', '/service-records/by-api-key', { token: key, body: keyRecord() });
    expect(other.status).toBe(201);
  });

  it('is a 401 when unknown or malformed, and at once once revoked', async () => {
    const unknown = `wm_live_abcd1234_${'A'.repeat(43)}`;
    expect((await call('GET', '/service-records/mine', { token: unknown })).status).toBe(401);
    expect((await call('GET', '/service-records/mine', { token: 'wm_live_nope' })).status).toBe(401);

    const id = (await listKeys()).find((k) => key.startsWith(k.prefix))!.id;
    const revoked = await call('DELETE', `/api-keys/${id}`, { token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ apiKey: { id, revoked_at: expect.any(String) } });
    expect((await call('POST', '/service-records/by-api-key', { token: key, body: keyRecord() })).status).toBe(401);
    expect((await call('GET', '/service-records/mine', { token: key })).status).toBe(401);
    expect((await call('GET', '/garages/me', { token: key })).status).toBe(401);
    expect((await listKeys()).find((k) => k.id === id)!.revoked_at).not.toBeNull();
  });

  it('is nowhere in clear: not in any table of identity or records, not in Redis, not in any log', async () => {
    expect(keysShown.length).toBe(3);
    const secrets = keysShown.flatMap((shown) => [shown, shown.split('_').slice(3).join('_')]);
    for (const db of [identity.db!.pool, records.db!.pool]) {
      const { rows: tables } = await db.query<{ name: string }>(
        `SELECT quote_ident(table_name) AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(5);
      for (const { name } of tables) {
        const { rows } = await db.query(`SELECT * FROM ${name}`);
        const dump = JSON.stringify(rows);
        for (const secret of secrets) expect({ name, holds: dump.includes(secret) }).toEqual({ name, holds: false });
      }
    }
    const { rows: stored } = await identity.db!.pool.query<{ key_hash: string }>('SELECT key_hash FROM api_keys');
    expect(stored.map((row) => row.key_hash)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]),
    );

    const redis = createRedis(TEST_REDIS_URL);
    try {
      const names = await redis.keys(`${prefix}*`);
      expect(names.some((name) => name.includes('api-key-records'))).toBe(true);
      const values = await Promise.all(
        names.map(async (name) => ((await redis.type(name)) === 'string' ? ((await redis.get(name)) ?? '') : '')),
      );
      for (const secret of secrets) expect(`${names.join('\n')}\n${values.join('\n')}`).not.toContain(secret);
    } finally {
      redis.disconnect();
    }

    const logs = { identity: identity.lines, records: records.lines, gateway: gateway.lines };
    for (const [service, lines] of Object.entries(logs)) {
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of secrets) {
        expect({ service, holds: lines.some((line) => line.includes(secret)) }).toEqual({ service, holds: false });
      }
    }
    // What does name a key in the logs is its prefix.
    const prefixOf = keysShown[0]!.slice(0, 'wm_live_'.length + 8).slice('wm_live_'.length);
    expect(gateway.lines.some((line) => line.includes(prefixOf))).toBe(true);
  });
});
