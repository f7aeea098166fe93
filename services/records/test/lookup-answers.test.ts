import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { ZLookupResponseSchema, type TEventEnvelope } from '@sh/shared/contract';
import {
  applyEventOnce,
  createRedis,
  createRequestRedis,
  createTokenVerifier,
  lookupAnswersNamespace,
  matchesEtag,
  plainLookupRegistration,
  signAccessToken,
} from '@sh/shared/server';
import {
  callJson,
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  readPublishedAnswer,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGatewayApp } from '../../gateway/src/app.js';
import { buildIdentityApp } from '../../identity/src/app.js';
import { buildRecordsApp } from '../src/app.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { createLookupAnswers, forgetAnswersOfOtherDatabases, prewarmedKeyOf, publishEveryAnswer } from '../src/domain/lookup-answers.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import {
  adminTokenFor,
  buildGarageAccount,
  createTestSigner,
  IDENTITY_MIGRATIONS,
  logServiceRecord,
  RECORDS_MIGRATIONS,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';

/**
 * Two records instances sharing one database and one Redis, each keeping its own lookup answers, as two replicas
 * behind the gateway would. `stack.url` is instance A; `otherUrl` is instance B.
 */
let stack: RecordsStack;
let otherUrl: string;
/** A gateway answering lookups from what records published, in front of instance C (which the tests may stop). */
let gatewayUrl: string;
let stopRecordsBehindGateway: () => Promise<void>;
/** The prefix of this file's Redis keys: the answers' versions live under it. */
let prefix: string;
const closers: (() => Promise<void>)[] = [];
const admin = { id: randomUUID(), email: 'admin@wrenchmark.test' };

beforeAll(async () => {
  const keys = createTestKeyPair();
  const redis = createRedis(TEST_REDIS_URL);
  prefix = testQueuePrefix();
  const identityDb = await createTestDatabase('identity', IDENTITY_MIGRATIONS);
  const identity = await listenForTest(
    buildIdentityApp({ pool: identityDb.pool, redis, logger: testLogger, keys, internalToken: TEST_INTERNAL_TOKEN, keyPrefix: prefix }),
  );
  const db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  const signer = createTestSigner();
  const instance = () =>
    listenForTest(
      buildRecordsApp({
        pool: db.pool,
        redis,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: keys.publicKey }),
        signer,
        identity: createIdentityClient({ baseUrl: identity.url, internalToken: TEST_INTERNAL_TOKEN }),
        internalToken: TEST_INTERNAL_TOKEN,
        lookupAnswers: createLookupAnswers({ db: db.pool, redis, prefix, logger: testLogger }),
      }),
    );
  const a = await instance();
  const b = await instance();
  const c = await instance();
  otherUrl = b.url;
  let cOpen = true;
  stopRecordsBehindGateway = async () => {
    if (cOpen) await c.close();
    cOpen = false;
  };
  const gateway = await listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: keys.publicKey }),
      upstreams: { records: c.url },
      budgets: { apiPerMinute: 10_000, lookupPerMinute: 10_000, authPerMinute: 10_000 },
      rateLimitPrefix: prefix,
      webDist: '/nonexistent',
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: TEST_INTERNAL_TOKEN,
      answerLookupsAhead: true,
    }),
  );
  gatewayUrl = gateway.url;
  closers.push(gateway.close, stopRecordsBehindGateway, a.close, b.close, identity.close, async () => redis.disconnect(), db.drop, identityDb.drop);
  stack = {
    url: a.url,
    db,
    identityUrl: identity.url,
    identityDb,
    signer,
    redis,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    close: async () => undefined,
  };
});
afterAll(async () => {
  for (const close of closers) await close();
});

let plateCounter = 0;
/** A fresh registration per test. */
function newRegistration(): string {
  plateCounter += 1;
  const n = plateCounter + Math.floor(Math.random() * 5000) * 50;
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `LA${String((n % 90) + 10)}${letters[n % 23]}${letters[Math.floor(n / 23) % 23]}${letters[Math.floor(n / 529) % 23]}`;
}

async function lookupVia(url: string, registration: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/v1/service-records/lookup/${registration}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    text,
    records: response.status === 200 ? ZLookupResponseSchema.parse(JSON.parse(text)).data.serviceRecords : [],
  };
}

describe('lookup answers kept in memory, invalidated by writes', () => {
  it('shows a record logged through one instance at once in the next lookup through either instance', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 30000 });
    // Both instances now keep the one-record answer.
    expect((await lookupVia(stack.url, registration)).records).toHaveLength(1);
    expect((await lookupVia(otherUrl, registration)).records).toHaveLength(1);

    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 31000 });
    expect((await lookupVia(otherUrl, registration)).records.map((r) => r.mileage)).toEqual([31000, 30000]);
    expect((await lookupVia(stack.url, registration)).records.map((r) => r.mileage)).toEqual([31000, 30000]);
  });

  it('shows an amendment and a withdrawal made through instance B at once through instance A', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Original notes' });
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Original notes');

    const token = adminTokenFor(stack, admin);
    const amended = await callJson(otherUrl, 'PATCH', `/api/v1/service-records/${record.id}`, { token, body: { notes: 'Corrected notes', reason: 'Typo' } });
    expect(amended.status).toBe(200);
    const afterAmend = (await lookupVia(stack.url, registration)).records;
    expect(afterAmend[0]!.notes).toBe('Corrected notes');
    expect(afterAmend[0]!.amendments).toHaveLength(1);

    const withdrawn = await callJson(otherUrl, 'DELETE', `/api/v1/service-records/${record.id}`, { token, body: { reason: 'Logged on the wrong vehicle' } });
    expect(withdrawn.status).toBe(200);
    expect((await lookupVia(stack.url, registration)).records).toEqual([]);
  });

  it("shows a garage's new name and address at once, through records and the gateway, once its garage.updated is applied", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    // Looked up twice through instance A (which keeps the answer from then on) and through the gateway (which sends the published one).
    for (const url of [stack.url, stack.url, gatewayUrl, gatewayUrl]) expect((await lookupVia(url, registration)).records).toHaveLength(1);
    const kept = (await lookupVia(stack.url, registration)).records[0]!.garage;
    // A change behind the answers' back is not read again: without the event's marks the kept and published answers would stay.
    await stack.db.pool.query('UPDATE garage_directory SET name = $2 WHERE garage_id = $1', [garage.id, 'Changed in SQL']);
    expect((await lookupVia(stack.url, registration)).records[0]!.garage).toEqual(kept);
    expect((await lookupVia(gatewayUrl, registration)).records[0]!.garage).toEqual(kept);

    const renamed = { garageId: garage.id, name: 'Renamed Motors Ltd', address: '2 New Road, Leeds, LS2 2BB', phone: '0113 496 0000' };
    const event: TEventEnvelope<'garage.updated'> = { id: randomUUID(), name: 'garage.updated', version: 1, occurredAt: new Date().toISOString(), payload: renamed };
    const handlers = createRecordsEventHandlers({ lookupAnswers: createLookupAnswers({ db: stack.db.pool, redis: stack.redis, prefix, logger: testLogger }), logger: testLogger });
    expect(await applyEventOnce(stack.db.pool, handlers, event)).toBe('applied');
    for (const url of [stack.url, otherUrl, gatewayUrl]) {
      expect((await lookupVia(url, registration)).records[0]!.garage).toEqual({ name: renamed.name, address: renamed.address });
    }
  });

  it('serves a repeat lookup from memory from its second lookup on: a row changed behind its back (no write through the API) is not read again', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Before' });
    // The first lookup of a registration keeps nothing (most are never repeated); the second keeps its answer.
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Before');
    await stack.db.pool.query('UPDATE service_records SET notes = $2 WHERE id = $1', [record.id, 'Read afresh']);
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Read afresh');
    await stack.db.pool.query('UPDATE service_records SET notes = $2 WHERE id = $1', [record.id, 'Changed in SQL']);
    // Instance A answers from what it kept; instance B, which never looked, reads the database.
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Read afresh');
    expect((await lookupVia(otherUrl, registration)).records[0]!.notes).toBe('Changed in SQL');
  });
});

describe('lookup answers while Redis is away', () => {
  it('reads every lookup afresh, so a change is never hidden behind a version nobody can bump', async () => {
    const away = createRequestRedis('redis://127.0.0.1:1', { commandTimeoutMs: 50 });
    try {
      const answers = createLookupAnswers({ db: stack.db.pool, redis: away, prefix: testQueuePrefix(), logger: testLogger });
      const garage = await buildGarageAccount(stack);
      const registration = newRegistration();
      const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Before' });
      const read = async () => (JSON.parse((await answers.answer(registration)).body.toString()) as { data: { serviceRecords: { notes: string }[] } }).data.serviceRecords;
      expect((await read())[0]!.notes).toBe('Before');
      await stack.db.pool.query('UPDATE service_records SET notes = $2 WHERE id = $1', [record.id, 'After']);
      expect((await read())[0]!.notes).toBe('After');
    } finally {
      away.disconnect();
    }
  });
});

describe('ETag and 304 for repeat visitors', () => {
  it('answers 304 without a body to If-None-Match with the current ETag, and the full answer to a stale one', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const first = await lookupVia(stack.url, registration);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.cacheControl).toBe('public, no-cache');

    // The same answer from the other instance carries the same ETag: it names the bytes, not the instance.
    expect((await lookupVia(otherUrl, registration)).etag).toBe(first.etag);

    const repeat = await lookupVia(stack.url, registration, { 'if-none-match': first.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.text).toBe('');
    expect(repeat.etag).toBe(first.etag);

    const stale = await lookupVia(stack.url, registration, { 'if-none-match': '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('changes the ETag when the history changes, so a repeat visitor gets the new history, not a 304', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 20000 });
    const before = await lookupVia(stack.url, registration);
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 25000 });

    const after = await lookupVia(otherUrl, registration, { 'if-none-match': before.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.records).toHaveLength(2);
  });

  it('gives an unknown registration an empty history with an ETag too', async () => {
    const registration = newRegistration();
    const answer = await lookupVia(stack.url, registration);
    expect(answer.status).toBe(200);
    expect(answer.records).toEqual([]);
    expect((await lookupVia(otherUrl, registration, { 'if-none-match': answer.etag! })).status).toBe(304);
    // Nothing is published for it: lookups of made-up registrations cannot fill Redis.
    expect(await readPublishedAnswer(stack.redis, lookupAnswersNamespace(prefix), registration)).toBeNull();
  });
});

describe('matchesEtag', () => {
  const etag = '"abc"';
  it('matches the tag itself, its weak form, a list holding it and *', () => {
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });
  it('does not match another tag, a missing header or a tag without quotes', () => {
    expect(matchesEtag('"abd"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
  });
});

describe('the gateway, answering from what records published', () => {
  it('shows a record logged, amended and withdrawn through records at once in the next lookup through the gateway', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'First' });
    const first = await lookupVia(gatewayUrl, registration);
    expect(first.records.map((r) => r.notes)).toEqual(['First']);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Second', mileage: 50000 });
    expect((await lookupVia(gatewayUrl, registration)).records).toHaveLength(2);

    const token = adminTokenFor(stack, admin);
    expect((await callJson(otherUrl, 'PATCH', `/api/v1/service-records/${record.id}`, { token, body: { notes: 'First, corrected', reason: 'Typo' } })).status).toBe(200);
    expect((await lookupVia(gatewayUrl, registration)).records.map((r) => r.notes).sort()).toEqual(['First, corrected', 'Second']);

    expect((await callJson(otherUrl, 'DELETE', `/api/v1/service-records/${record.id}`, { token, body: { reason: 'Wrong vehicle' } })).status).toBe(200);
    expect((await lookupVia(gatewayUrl, registration)).records.map((r) => r.notes)).toEqual(['Second']);
  });

  it('answers 304 to the current ETag and serves the full answer, the same bytes as records, to a new visitor', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const direct = await lookupVia(stack.url, registration);
    const viaGateway = await lookupVia(gatewayUrl, registration.toLowerCase());
    expect(viaGateway.text).toBe(direct.text);
    expect(viaGateway.etag).toBe(direct.etag);
    // A visitor who sends no Accept and no Host (autocannon, curl --http1.0) is answered as well.
    const bare = await new Promise<number>((resolve, reject) => {
      const target = new URL(`${gatewayUrl}/api/v1/service-records/lookup/${newRegistration()}`);
      const socket = connect(Number(target.port), target.hostname, () => socket.write(`GET ${target.pathname} HTTP/1.0\r\n\r\n`));
      let head = '';
      socket.on('data', (chunk) => (head += chunk.toString()));
      socket.on('end', () => resolve(Number(head.split(' ')[1])));
      socket.on('error', reject);
    });
    expect(bare).toBe(200);
    const repeat = await lookupVia(gatewayUrl, registration, { 'if-none-match': direct.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.text).toBe('');
  });

  it('answers a published lookup alone while records is stopped, with the bytes and headers records sent, and one it does not hold with 503', async () => {
    const garage = await buildGarageAccount(stack);
    const published = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: published });
    // The gateway's first lookup asks records, which publishes its answer; the second is the published one.
    const fromRecords = await fetch(`${gatewayUrl}/api/v1/service-records/lookup/${published}`);
    const fromRecordsText = await fromRecords.text();
    expect(await readPublishedAnswer(stack.redis, lookupAnswersNamespace(prefix), published)).not.toBeNull();

    await stopRecordsBehindGateway();
    const alone = await fetch(`${gatewayUrl}/api/v1/service-records/lookup/${published}`);
    expect(alone.status).toBe(200);
    expect(await alone.text()).toBe(fromRecordsText);
    const varying = new Set(['date', 'x-request-id', 'ratelimit', 'connection', 'keep-alive']);
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => !varying.has(name)).sort();
    expect(headersOf(alone)).toEqual(headersOf(fromRecords));
    expect((await lookupVia(gatewayUrl, published, { 'if-none-match': fromRecords.headers.get('etag')! })).status).toBe(304);
    expect((await lookupVia(gatewayUrl, newRegistration())).status).toBe(503);
  });
});

describe('answers published ahead of any lookup (prewarm)', () => {
  it("publishes every vehicle's answer, the bytes its lookup builds, a batch at a time and once; a write deletes its vehicle's", async () => {
    const garage = await buildGarageAccount(stack);
    const token = adminTokenFor(stack, admin);
    const [several, amended, partlyWithdrawn, allWithdrawn] = [newRegistration(), newRegistration(), newRegistration(), newRegistration()];
    await logServiceRecord(stack, garage, { vehicle_registration: several, service_date: '2024-01-10', mileage: 40000 });
    // Lower than the earlier service: flagged in both answers alike.
    await logServiceRecord(stack, garage, { vehicle_registration: several, service_date: '2024-06-10', mileage: 35000 });
    const toAmend = await logServiceRecord(stack, garage, { vehicle_registration: amended, notes: 'Before' });
    expect((await callJson(stack.url, 'PATCH', `/api/v1/service-records/${toAmend.id}`, { token, body: { notes: 'After', reason: 'Typo' } })).status).toBe(200);
    await logServiceRecord(stack, garage, { vehicle_registration: partlyWithdrawn, service_date: '2023-03-01' });
    const wrongOne = await logServiceRecord(stack, garage, { vehicle_registration: partlyWithdrawn, service_date: '2023-09-01' });
    const onlyOne = await logServiceRecord(stack, garage, { vehicle_registration: allWithdrawn });
    for (const record of [wrongOne, onlyOne]) {
      expect((await callJson(stack.url, 'DELETE', `/api/v1/service-records/${record.id}`, { token, body: { reason: 'Wrong vehicle' } })).status).toBe(200);
    }

    const namespace = lookupAnswersNamespace(prefix);
    const publishAll = () => publishEveryAnswer({ db: stack.db.pool, redis: stack.redis, prefix, batchSize: 2 });
    expect(await publishAll()).toBeGreaterThanOrEqual(3);
    expect(await stack.redis.get(prewarmedKeyOf(prefix))).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Built afresh, without Redis: what a lookup of each answers now.
    const fresh = createLookupAnswers({ db: stack.db.pool, prefix, logger: testLogger });
    for (const registration of [several, amended, partlyWithdrawn]) {
      const shared = await readPublishedAnswer(stack.redis, namespace, registration);
      const built = await fresh.answer(registration);
      expect(shared?.body.toString()).toBe(built.body.toString());
      expect(shared?.etag).toBe(built.etag);
    }
    const flags = (registration: string) => readPublishedAnswer(stack.redis, namespace, registration).then((a) => (JSON.parse(a!.body.toString()) as { data: { serviceRecords: { mileage_anomaly: boolean; notes: string }[] } }).data.serviceRecords);
    expect((await flags(several)).map((r) => r.mileage_anomaly)).toEqual([true, false]);
    expect((await flags(amended))[0]!.notes).toBe('After');
    expect(await flags(partlyWithdrawn)).toHaveLength(1);
    // A vehicle without a public record is not walked: its lookup asks records, which answers an empty history.
    expect(await readPublishedAnswer(stack.redis, namespace, allWithdrawn)).toBeNull();
    // Already published: nothing is built again.
    expect(await publishAll()).toBe(0);

    await logServiceRecord(stack, garage, { vehicle_registration: several, service_date: '2024-09-01', mileage: 41000 });
    expect(await readPublishedAnswer(stack.redis, namespace, several)).toBeNull();
    expect((await lookupVia(stack.url, several)).records).toHaveLength(3);
  });

  it("deletes a vehicle's published answer when its service_record event is heard, for a write whose own bump did not reach Redis", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const answers = createLookupAnswers({ db: stack.db.pool, redis: stack.redis, prefix, logger: testLogger });
    await answers.answer(registration);
    const namespace = lookupAnswersNamespace(prefix);
    await vi.waitFor(async () => expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull());

    const event: TEventEnvelope<'service_record.withdrawn'> = {
      id: randomUUID(),
      name: 'service_record.withdrawn',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: {
        recordId: record.id,
        withdrawnBy: admin.id,
        registration,
        garageId: garage.id,
        garageName: garage.name,
        garageEmail: null,
        serviceDate: record.service_date,
        reason: 'Wrong vehicle',
        withdrawnAt: new Date().toISOString(),
      },
    };
    expect(await applyEventOnce(stack.db.pool, createRecordsEventHandlers({ lookupAnswers: answers, logger: testLogger }), event)).toBe('applied');
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();

    // With Redis away the handler fails, so the event is not counted as handled and is tried again.
    const away = createRequestRedis('redis://127.0.0.1:1', { commandTimeoutMs: 50 });
    try {
      const unreachable = createLookupAnswers({ db: stack.db.pool, redis: away, prefix, logger: testLogger });
      const again = { ...event, id: randomUUID() };
      await expect(applyEventOnce(stack.db.pool, createRecordsEventHandlers({ lookupAnswers: unreachable, logger: testLogger }), again)).rejects.toThrow();
    } finally {
      away.disconnect();
    }
  });
});

describe('answers published for another database', () => {
  it('are deleted when records starts on a database they were not published for, and only then', async () => {
    const ownPrefix = testQueuePrefix();
    const namespace = lookupAnswersNamespace(ownPrefix);
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const answers = createLookupAnswers({ db: stack.db.pool, redis: stack.redis, prefix: ownPrefix, logger: testLogger });
    const publish = async () => {
      await answers.invalidate(registration);
      await answers.answer(registration);
      await vi.waitFor(async () => expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull());
    };

    // Published before any database was known under this prefix: deleted.
    await publish();
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBe(1);
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();
    // Published for this database, records starting again: kept.
    await publish();
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBeNull();
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull();
    // Published for a database since dropped (another identity): deleted.
    await stack.redis.set(`${namespace}:database`, randomUUID());
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBe(1);
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();
  });
});

describe('plainLookupRegistration', () => {
  it('reads a plainly spelt registration, upper-cased', () => {
    expect(plainLookupRegistration('/api/v1/service-records/lookup/ab12cde')).toBe('AB12CDE');
  });
  it('leaves encoded, queried, nested, empty and overlong paths to the plain proxy', () => {
    for (const url of [
      '/api/v1/service-records/lookup/AB12%20CDE',
      '/api/v1/service-records/lookup/AB12CDE?x=1',
      '/api/v1/service-records/lookup/AB12CDE/',
      '/api/v1/service-records/lookup/',
      '/api/v1/service-records/lookup/ABCDEFGHIJKLMNOPQ',
      '/api/v1/service-records/LOOKUP/AB12CDE',
    ]) {
      expect(plainLookupRegistration(url)).toBeNull();
    }
  });
});
