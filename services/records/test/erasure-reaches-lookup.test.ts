import { randomUUID } from 'node:crypto';
import { createLookupAnswers, lookupAnswersNamespace } from '@sh/shared/lookup-cache';
import {
  createRedis,
  createTokenVerifier,
  signAccessToken,
  startConsumer,
  startRelay,
  type Consumer,
  type Redis,
  type Relay,
} from '@sh/shared/server';
import {
  callJson,
  createTestDatabase,
  listenForTest,
  readPublishedAnswer,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  type TestDatabase,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startPrivateRedis, type RedisStandIn } from '../../../packages/shared/test/redis-stand-ins.js';
import { buildRecordsApp } from '../src/app.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { lookupHistoriesOf } from '../src/domain/lookup-histories.js';
import { writePositionReader } from '../src/domain/write-positions.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import {
  adminTokenFor,
  buildGarageAccount,
  createTestSigner,
  logServiceRecord,
  RECORDS_MIGRATIONS,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';
import { lookupVia, newRegistration } from './lookup-cache-stack.js';

/**
 * Records as main.ts runs it, on a Redis of the test's own (so that it can be made to refuse writes without
 * disturbing the machine's shared one): the lookup's answers, the outbox relay and records' consumer all use it.
 */
let ownRedis: RedisStandIn;
let redis: Redis;
let db: TestDatabase;
let relay: Relay;
let consumer: Consumer;
let stack: RecordsStack;
let closeRecords: () => Promise<void>;
const prefix = testQueuePrefix();

beforeAll(async () => {
  ownRedis = await startPrivateRedis();
  redis = createRedis(ownRedis.url);
  db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  const lookupAnswers = createLookupAnswers({
    histories: lookupHistoriesOf(db.pool),
    redis,
    prefix,
    logger: testLogger,
    writePosition: writePositionReader(db.pool),
  });
  const records = await listenForTest(
    buildRecordsApp({
      pool: db.pool,
      redis,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey }),
      signer: createTestSigner(),
      identity: createIdentityClient({ baseUrl: inject('identityUrl'), internalToken: TEST_INTERNAL_TOKEN }),
      internalToken: TEST_INTERNAL_TOKEN,
      lookupAnswers,
    }),
  );
  closeRecords = records.close;
  relay = startRelay({ pool: db.pool, redisUrl: ownRedis.url, prefix, logger: testLogger, pollMs: 50 });
  consumer = startConsumer({
    service: 'records',
    pool: db.pool,
    redisUrl: ownRedis.url,
    prefix,
    logger: testLogger,
    handlers: createRecordsEventHandlers({ lookupAnswers, logger: testLogger }),
    retry: { baseDelayMs: 50, maxDelayMs: 200 },
  });
  stack = {
    url: records.url,
    db,
    identityUrl: inject('identityUrl'),
    signer: createTestSigner(),
    redis,
    tokenFor: (claims) => signAccessToken(TEST_KEY_PAIR.privateKey, claims),
    close: async () => undefined,
  };
});
afterAll(async () => {
  await consumer?.close();
  await relay?.stop();
  await closeRecords?.();
  redis?.disconnect();
  await ownRedis?.close();
  await db?.drop();
});

describe("an admin's erasure with Redis refusing writes", () => {
  it('is gone from the published lookup answer once Redis takes writes again, through the outbox', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const secret = 'Customer asked us to call 07700 900123 about the brakes';
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: secret });
    const namespace = lookupAnswersNamespace(prefix);
    // The record's own event is handled first (its bump would delete what the lookup publishes), then a lookup
    // publishes its answer.
    await vi.waitFor(async () => {
      const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM event_outbox WHERE published_at IS NULL');
      expect(rows[0].n).toBe(0);
    });
    await consumer.whenIdle(10_000);
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe(secret);
    await vi.waitFor(async () =>
      expect((await readPublishedAnswer(redis, namespace, registration))?.body.toString()).toContain(secret),
    );

    // Redis refuses every write (no replica acknowledges it) and still answers reads, as a failing Redis may.
    await redis.config('SET', 'min-replicas-to-write', '1');
    try {
      await expect(redis.set(`${prefix}:probe`, '1')).rejects.toThrow(/NOREPLICAS/);
      const erased = await callJson(stack.url, 'POST', `/api/v1/service-records/erasures/${record.id}`, {
        token: adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' }),
        body: { fields: ['notes'], reason: 'The customer asked for it to be removed' },
      });
      expect(erased.status).toBe(200);
      // The erasure's own bump could not reach Redis: the erased text is still what is published.
      expect((await readPublishedAnswer(redis, namespace, registration))?.body.toString()).toContain(secret);
      const { rows } = await db.pool.query(
        "SELECT payload FROM event_outbox WHERE name = 'service_record.erased' AND payload->>'recordId' = $1",
        [record.id],
      );
      expect(rows.map((row: { payload: unknown }) => row.payload)).toEqual([
        expect.objectContaining({ registration, garageId: garage.id, fields: ['notes'] }),
      ]);
    } finally {
      await redis.config('SET', 'min-replicas-to-write', '0');
    }

    // Redis back: the event reaches records' consumer, which marks the answer stale; the next lookup has no notes.
    await vi.waitFor(
      async () => {
        const published = await readPublishedAnswer(redis, namespace, registration);
        expect(published?.body.toString() ?? '').not.toContain(secret);
        const lookup = await lookupVia(stack.url, registration);
        expect(lookup.text).not.toContain(secret);
        expect(lookup.records[0]!.notes).toBeNull();
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
