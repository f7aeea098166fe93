import { randomUUID } from 'node:crypto';
import { type TEventEnvelope } from '@sh/shared/contract';
import {
  createLookupAnswers,
  forgetAnswersOfOtherDatabases,
  latestWriteKeyOf,
  lookupAnswersNamespace,
  prewarmedKeyOf,
  publishEveryAnswer,
} from '@sh/shared/lookup-cache';
import { applyEventOnce, createRequestRedis } from '@sh/shared/server';
import { callJson, readPublishedAnswer, testLogger, testQueuePrefix } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupHistoriesOf } from '../src/domain/lookup-histories.js';
import { writePositionReader } from '../src/domain/write-positions.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import { adminTokenFor, buildGarageAccount, logServiceRecord, type RecordsStack } from './harness.js';
import { lookupVia, newRegistration, startLookupCacheStack, type LookupCacheStack } from './lookup-cache-stack.js';

let running: LookupCacheStack;
let stack: RecordsStack;
let prefix: string;
const admin = { id: randomUUID(), email: 'admin@wrenchmark.test' };

beforeAll(async () => {
  running = await startLookupCacheStack();
  ({ stack, prefix } = running);
});
afterAll(async () => {
  await running?.close();
});

describe('answers published ahead of any lookup (prewarm)', () => {
  it("publishes every vehicle's answer, the bytes its lookup builds, a batch at a time and once; a write deletes its vehicle's", async () => {
    const garage = await buildGarageAccount(stack);
    const token = adminTokenFor(stack, admin);
    const [several, amended, partlyWithdrawn, allWithdrawn] = [
      newRegistration(),
      newRegistration(),
      newRegistration(),
      newRegistration(),
    ];
    await logServiceRecord(stack, garage, {
      vehicle_registration: several,
      service_date: '2024-01-10',
      mileage: 40000,
    });
    // Lower than the earlier service: flagged in both answers alike.
    await logServiceRecord(stack, garage, {
      vehicle_registration: several,
      service_date: '2024-06-10',
      mileage: 35000,
    });
    const toAmend = await logServiceRecord(stack, garage, { vehicle_registration: amended, notes: 'Before' });
    expect(
      (
        await callJson(stack.url, 'PATCH', `/api/v1/service-records/${toAmend.id}`, {
          token,
          body: { notes: 'After', reason: 'Typo' },
        })
      ).status,
    ).toBe(200);
    await logServiceRecord(stack, garage, { vehicle_registration: partlyWithdrawn, service_date: '2023-03-01' });
    const wrongOne = await logServiceRecord(stack, garage, {
      vehicle_registration: partlyWithdrawn,
      service_date: '2023-09-01',
    });
    const onlyOne = await logServiceRecord(stack, garage, { vehicle_registration: allWithdrawn });
    for (const record of [wrongOne, onlyOne]) {
      expect(
        (
          await callJson(stack.url, 'DELETE', `/api/v1/service-records/${record.id}`, {
            token,
            body: { reason: 'Wrong vehicle' },
          })
        ).status,
      ).toBe(200);
    }

    const namespace = lookupAnswersNamespace(prefix);
    const publishAll = () =>
      publishEveryAnswer({ histories: lookupHistoriesOf(stack.db.pool), redis: stack.redis, prefix, batchSize: 2 });
    expect(await publishAll()).toBeGreaterThanOrEqual(3);
    expect(await stack.redis.get(prewarmedKeyOf(prefix))).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Built afresh, without Redis: what a lookup of each answers now.
    const fresh = createLookupAnswers({ histories: lookupHistoriesOf(stack.db.pool), prefix, logger: testLogger });
    for (const registration of [several, amended, partlyWithdrawn]) {
      const shared = await readPublishedAnswer(stack.redis, namespace, registration);
      const built = await fresh.answer(registration);
      expect(shared?.body.toString()).toBe(built.body.toString());
      expect(shared?.etag).toBe(built.etag);
    }
    const flags = (registration: string) =>
      readPublishedAnswer(stack.redis, namespace, registration).then(
        (a) =>
          (
            JSON.parse(a!.body.toString()) as {
              data: { serviceRecords: { mileage_anomaly: boolean; notes: string }[] };
            }
          ).data.serviceRecords,
      );
    expect((await flags(several)).map((r) => r.mileage_anomaly)).toEqual([true, false]);
    expect((await flags(amended))[0]!.notes).toBe('After');
    expect(await flags(partlyWithdrawn)).toHaveLength(1);
    // A vehicle without a public record is not walked: its lookup asks records, which answers an empty history.
    expect(await readPublishedAnswer(stack.redis, namespace, allWithdrawn)).toBeNull();
    // Already published: nothing is built again.
    expect(await publishAll()).toBe(0);

    await logServiceRecord(stack, garage, {
      vehicle_registration: several,
      service_date: '2024-09-01',
      mileage: 41000,
    });
    expect(await readPublishedAnswer(stack.redis, namespace, several)).toBeNull();
    expect((await lookupVia(stack.url, several)).records).toHaveLength(3);
  });

  it("deletes a vehicle's published answer when its service_record event is heard, for a write whose own bump did not reach Redis", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const answers = createLookupAnswers({
      histories: lookupHistoriesOf(stack.db.pool),
      redis: stack.redis,
      prefix,
      logger: testLogger,
    });
    await answers.answer(registration);
    const namespace = lookupAnswersNamespace(prefix);
    await vi.waitFor(async () =>
      expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull(),
    );

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
    expect(
      await applyEventOnce(
        stack.db.pool,
        createRecordsEventHandlers({ lookupAnswers: answers, logger: testLogger }),
        event,
      ),
    ).toBe('applied');
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();

    // With Redis away the handler fails, so the event is not counted as handled and is tried again.
    const away = createRequestRedis('redis://127.0.0.1:1', { commandTimeoutMs: 50 });
    try {
      const unreachable = createLookupAnswers({
        histories: lookupHistoriesOf(stack.db.pool),
        redis: away,
        prefix,
        logger: testLogger,
      });
      const again = { ...event, id: randomUUID() };
      await expect(
        applyEventOnce(
          stack.db.pool,
          createRecordsEventHandlers({ lookupAnswers: unreachable, logger: testLogger }),
          again,
        ),
      ).rejects.toThrow();
    } finally {
      away.disconnect();
    }
  });
});

describe('answers published for another database', () => {
  it('are deleted, with the latest write position, when records starts on a database they were not published for, and only then', async () => {
    const ownPrefix = testQueuePrefix();
    const namespace = lookupAnswersNamespace(ownPrefix);
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const answers = createLookupAnswers({
      histories: lookupHistoriesOf(stack.db.pool),
      redis: stack.redis,
      prefix: ownPrefix,
      logger: testLogger,
      writePosition: writePositionReader(stack.db.pool),
    });
    const latestWrite = () => stack.redis.get(latestWriteKeyOf(namespace));
    const publish = async () => {
      await answers.invalidate(registration);
      await answers.answer(registration);
      await vi.waitFor(async () =>
        expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull(),
      );
    };

    // Published before any database was known under this prefix: deleted.
    await publish();
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBe(1);
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();
    // Published for this database, records starting again: kept.
    await publish();
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBeNull();
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).not.toBeNull();
    expect(await latestWrite()).toMatch(/^[0-9a-f]{16}$/);
    // Published for a database since dropped (another identity): deleted, and its latest write's position too.
    await stack.redis.set(`${namespace}:database`, randomUUID());
    expect(await forgetAnswersOfOtherDatabases(stack.db.pool, stack.redis, ownPrefix)).toBe(1);
    expect(await readPublishedAnswer(stack.redis, namespace, registration)).toBeNull();
    expect(await latestWrite()).toBeNull();
  });
});
