import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { type TEventEnvelope } from '@sh/shared/contract';
import { createLookupAnswers, lookupAnswersNamespace } from '@sh/shared/lookup-cache';
import { applyEventOnce, createRequestRedis } from '@sh/shared/server';
import { callJson, readPublishedAnswer, testLogger, testQueuePrefix } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupHistoriesOf } from '../src/domain/lookup-histories.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import { adminTokenFor, buildGarageAccount, logServiceRecord, type RecordsStack } from './harness.js';
import { lookupVia, newRegistration, startLookupCacheStack, type LookupCacheStack } from './lookup-cache-stack.js';

let running: LookupCacheStack;
let stack: RecordsStack;
let otherUrl: string;
let gatewayUrl: string;
let stopRecordsBehindGateway: () => Promise<void>;
let prefix: string;
const admin = { id: randomUUID(), email: 'admin@wrenchmark.test' };

beforeAll(async () => {
  running = await startLookupCacheStack();
  ({ stack, otherUrl, gatewayUrl, stopRecordsBehindGateway, prefix } = running);
});
afterAll(async () => {
  await running?.close();
});

describe('lookup answers invalidated by writes', () => {
  it('shows a record logged through one instance at once in the next lookup through either instance', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 30000 });
    expect((await lookupVia(stack.url, registration)).records).toHaveLength(1);
    expect((await lookupVia(otherUrl, registration)).records).toHaveLength(1);

    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 31000 });
    expect((await lookupVia(otherUrl, registration)).records.map((r) => r.mileage)).toEqual([31000, 30000]);
    expect((await lookupVia(stack.url, registration)).records.map((r) => r.mileage)).toEqual([31000, 30000]);
  });

  it('shows an amendment and a withdrawal made through instance B at once through instance A', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      notes: 'Original notes',
    });
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Original notes');

    const token = adminTokenFor(stack, admin);
    const amended = await callJson(otherUrl, 'PATCH', `/api/v1/service-records/${record.id}`, {
      token,
      body: { notes: 'Corrected notes', reason: 'Typo' },
    });
    expect(amended.status).toBe(200);
    const afterAmend = (await lookupVia(stack.url, registration)).records;
    expect(afterAmend[0]!.notes).toBe('Corrected notes');
    expect(afterAmend[0]!.amendments).toHaveLength(1);

    const withdrawn = await callJson(otherUrl, 'DELETE', `/api/v1/service-records/${record.id}`, {
      token,
      body: { reason: 'Logged on the wrong vehicle' },
    });
    expect(withdrawn.status).toBe(200);
    expect((await lookupVia(stack.url, registration)).records).toEqual([]);
  });

  it("shows a garage's new name, address and page at once, through records and the gateway, once its garage.updated is applied", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    // Looked up through records (which publishes the answer) and then through the gateway (which sends the published one).
    for (const url of [stack.url, gatewayUrl, gatewayUrl])
      expect((await lookupVia(url, registration)).records).toHaveLength(1);
    const published = (await lookupVia(gatewayUrl, registration)).records[0]!.garage;
    // A change behind the answers' back is not read again: without the event's marks the published answer would stay.
    await stack.db.pool.query('UPDATE garage_directory SET name = $2 WHERE garage_id = $1', [
      garage.id,
      'Changed in SQL',
    ]);
    expect((await lookupVia(gatewayUrl, registration)).records[0]!.garage).toEqual(published);

    const renamed = {
      garageId: garage.id,
      name: 'Renamed Motors Ltd',
      address: '2 New Road, Leeds, LS2 2BB',
      phone: '0113 496 0000',
      slug: 'hartley-motors-ltd-leeds',
    };
    const event: TEventEnvelope<'garage.updated'> = {
      id: randomUUID(),
      name: 'garage.updated',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: renamed,
    };
    const handlers = createRecordsEventHandlers({
      lookupAnswers: createLookupAnswers({
        histories: lookupHistoriesOf(stack.db.pool),
        redis: stack.redis,
        prefix,
        logger: testLogger,
      }),
      logger: testLogger,
    });
    expect(await applyEventOnce(stack.db.pool, handlers, event)).toBe('applied');
    for (const url of [stack.url, otherUrl, gatewayUrl]) {
      // "Serviced by" links to the garage's page by the slug the event carried (docs/product.md#garage-profiles).
      expect((await lookupVia(url, registration)).records[0]!.garage).toEqual({
        name: renamed.name,
        address: renamed.address,
        slug: renamed.slug,
      });
    }
  });

  it('reads every lookup it is asked afresh, while the gateway sends the answer published before', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Before' });
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Before');
    await vi.waitFor(async () =>
      expect(await readPublishedAnswer(stack.redis, lookupAnswersNamespace(prefix), registration)).not.toBeNull(),
    );
    await stack.db.pool.query('UPDATE service_records SET notes = $2 WHERE id = $1', [record.id, 'Changed in SQL']);
    // The gateway sends what was published; records keeps nothing, so both instances read the row as it is now.
    expect((await lookupVia(gatewayUrl, registration)).records[0]!.notes).toBe('Before');
    expect((await lookupVia(stack.url, registration)).records[0]!.notes).toBe('Changed in SQL');
    expect((await lookupVia(otherUrl, registration)).records[0]!.notes).toBe('Changed in SQL');
  });
});

describe('lookup answers while Redis is away', () => {
  it('reads every lookup afresh, so a change is never hidden behind a version nobody can bump', async () => {
    const away = createRequestRedis('redis://127.0.0.1:1', { commandTimeoutMs: 50 });
    try {
      const answers = createLookupAnswers({
        histories: lookupHistoriesOf(stack.db.pool),
        redis: away,
        prefix: testQueuePrefix(),
        logger: testLogger,
      });
      const garage = await buildGarageAccount(stack);
      const registration = newRegistration();
      const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, notes: 'Before' });
      const read = async () =>
        (
          JSON.parse((await answers.answer(registration)).body.toString()) as {
            data: { serviceRecords: { notes: string }[] };
          }
        ).data.serviceRecords;
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
    expect(
      (
        await callJson(otherUrl, 'PATCH', `/api/v1/service-records/${record.id}`, {
          token,
          body: { notes: 'First, corrected', reason: 'Typo' },
        })
      ).status,
    ).toBe(200);
    expect((await lookupVia(gatewayUrl, registration)).records.map((r) => r.notes).sort()).toEqual([
      'First, corrected',
      'Second',
    ]);

    expect(
      (
        await callJson(otherUrl, 'DELETE', `/api/v1/service-records/${record.id}`, {
          token,
          body: { reason: 'Wrong vehicle' },
        })
      ).status,
    ).toBe(200);
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
      const socket = connect(Number(target.port), target.hostname, () =>
        socket.write(`GET ${target.pathname} HTTP/1.0\r\n\r\n`),
      );
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
    // Published once compressed, off records' event loop: a moment after its answer.
    await vi.waitFor(async () =>
      expect(await readPublishedAnswer(stack.redis, lookupAnswersNamespace(prefix), published)).not.toBeNull(),
    );

    await stopRecordsBehindGateway();
    const alone = await fetch(`${gatewayUrl}/api/v1/service-records/lookup/${published}`);
    expect(alone.status).toBe(200);
    expect(await alone.text()).toBe(fromRecordsText);
    const varying = new Set(['date', 'x-request-id', 'ratelimit', 'connection', 'keep-alive']);
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => !varying.has(name)).sort();
    expect(headersOf(alone)).toEqual(headersOf(fromRecords));
    expect((await lookupVia(gatewayUrl, published, { 'if-none-match': fromRecords.headers.get('etag')! })).status).toBe(
      304,
    );
    expect((await lookupVia(gatewayUrl, newRegistration())).status).toBe(503);
  });
});
