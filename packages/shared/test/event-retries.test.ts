import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Queue, type BackoffOptions } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedis,
  EVENT_BACKOFF_TYPE,
  listDeadEvents,
  PermanentEventError,
  queueCounts,
  queueNameFor,
  replayEvents,
  startConsumer,
  startRelay,
  type Consumer,
  type EventHandlers,
} from '../src/server/index.js';
import {
  createTestDatabase,
  testLogger,
  testQueuePrefix,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
  type TestDatabase,
} from '../src/testing/index.js';
import {
  countingHandlers,
  isPublished,
  registerGarage,
  removeQueues,
  timesApplied,
  waitFor,
} from './outbox-harness.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Retries spaced in milliseconds instead of seconds, so that a test can outlast eight attempts. */
const TEST_RETRY = { baseDelayMs: 5, maxDelayMs: 40, attempts: 60 };
const HOUR = 3_600_000;

let db: TestDatabase;
let prefix: string;
const running: Array<{ close(): Promise<void> }> = [];
const prefixes: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('kit_retries', path.join(import.meta.dirname, 'fixtures/migrations'));
});
afterEach(async () => {
  while (running.length > 0) await running.pop()!.close();
});
afterAll(async () => {
  for (const used of prefixes) await removeQueues(used);
  await db?.drop();
});

function newPrefix(): string {
  prefix = testQueuePrefix();
  prefixes.push(prefix);
  return prefix;
}
function relay(): void {
  const r = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
  running.push({ close: () => r.stop() });
}
/** The records consumer; `retry: {}` gives it the production policy. */
function consumer(handlers: EventHandlers, retry: Partial<typeof TEST_RETRY> = TEST_RETRY): Consumer {
  const c = startConsumer({
    service: 'records',
    pool: db.pool,
    redisUrl: TEST_REDIS_URL,
    prefix,
    logger: testLogger,
    handlers,
    retry,
  });
  running.push(c);
  return c;
}

/** `npm run events:replay` as an operator runs it, with this test's Redis, prefix and Postgres server. */
function runReplayCommand(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/events-replay.ts', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        POSTGRES_URL: TEST_POSTGRES_URL,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('event retries', () => {
  it('retries an event for more than a day by default, doubling from about a second to at most an hour apart', async () => {
    newPrefix();
    const { eventId } = await registerGarage(db.pool);
    relay();
    await waitFor(() => isPublished(db.pool, [eventId]));
    const connection = createRedis(TEST_REDIS_URL);
    const queue = new Queue(queueNameFor('records'), { connection, prefix });
    const job = await queue.getJob(eventId);
    await queue.close();
    connection.disconnect();
    expect(job?.opts).toMatchObject({ backoff: { type: EVENT_BACKOFF_TYPE }, removeOnFail: false });

    // The delays the records consumer would wait between attempts, as BullMQ asks its strategy for them.
    const strategy = consumer(countingHandlers(), {}).worker.opts.settings?.backoffStrategy;
    expect(strategy).toBeTypeOf('function');
    const delays: number[] = [];
    for (let attemptsMade = 1; attemptsMade < job!.opts.attempts!; attemptsMade += 1) {
      const delay = await strategy!(
        attemptsMade,
        (job!.opts.backoff as BackoffOptions).type,
        new Error('records database unavailable'),
        job!,
      );
      if (delay === -1) break;
      delays.push(delay);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[0]).toBeLessThanOrEqual(2000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(HOUR);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(24 * HOUR);
  });

  it('keeps retrying a consumer that fails more than eight times in a row, and applies the event once when it recovers', async () => {
    newPrefix();
    let failuresLeft = 12;
    let calls = 0;
    const worker = consumer(
      countingHandlers(() => {
        calls += 1;
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('records database unavailable');
        }
      }),
    );
    relay();
    const { garageId, eventId } = await registerGarage(db.pool);
    await waitFor(() => isPublished(db.pool, [eventId]));
    await worker.whenIdle(20_000);
    expect(calls).toBe(13);
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await listDeadEvents(TEST_REDIS_URL, prefix, 'records')).toEqual([]);
  });
});

describe('the dead-letter set and events:replay', () => {
  it('records a permanent failure without retrying it, lists it as dead, and replays it once after the handler is fixed', async () => {
    newPrefix();
    let isFixed = false;
    let calls = 0;
    const worker = consumer(
      countingHandlers(() => {
        calls += 1;
        if (!isFixed) throw new PermanentEventError('garage name refused by the directory');
      }),
    );
    relay();
    const { garageId, eventId } = await registerGarage(db.pool);
    await waitFor(() => isPublished(db.pool, [eventId]));
    await worker.whenIdle();
    expect(calls).toBe(1);
    expect(await listDeadEvents(TEST_REDIS_URL, prefix, 'records')).toEqual([
      {
        id: eventId,
        name: 'garage.registered',
        failedReason: 'garage name refused by the directory',
        attempts: 1,
        failedAt: expect.any(Date),
      },
    ]);
    expect((await queueCounts(TEST_REDIS_URL, prefix)).records).toMatchObject({ waiting: 0, delayed: 0, failed: 1 });

    isFixed = true;
    const replay = await runReplayCommand([]);
    expect(replay).toMatchObject({ code: 0 });
    expect(replay.stdout).toContain(eventId);
    await worker.whenIdle();
    expect(calls).toBe(2);
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await listDeadEvents(TEST_REDIS_URL, prefix, 'records')).toEqual([]);

    // A second replay, of whatever is dead (nothing) and of this very event, changes nothing.
    expect(await replayEvents({ redisUrl: TEST_REDIS_URL, prefix })).toEqual([]);
    const again = await replayEvents({ redisUrl: TEST_REDIS_URL, prefix, eventIds: [eventId], outboxes: [db.pool] });
    expect(again).toContainEqual({ eventId, service: 'records', outcome: 'redelivered' });
    await worker.whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(calls).toBe(2);
    expect((await queueCounts(TEST_REDIS_URL, prefix)).records).toMatchObject({ waiting: 0, delayed: 0, failed: 0 });
  });

  it('re-delivers an event by id from the outbox that holds it when no job of it is left in Redis', async () => {
    newPrefix();
    const { garageId, eventId } = await registerGarage(db.pool);
    // Published long ago: the outbox row is marked and its jobs are gone.
    await db.pool.query('UPDATE event_outbox SET published_at = now() WHERE id = $1', [eventId]);
    const worker = consumer(countingHandlers());
    const unknown = randomUUID();
    const outcomes = await replayEvents({
      redisUrl: TEST_REDIS_URL,
      prefix,
      eventIds: [eventId, unknown, 'not-an-id'],
      outboxes: [db.pool],
    });
    expect(outcomes).toEqual([
      { eventId, service: 'records', outcome: 'redelivered' },
      { eventId, service: 'notifications', outcome: 'redelivered' },
      { eventId: unknown, outcome: 'not found' },
      { eventId: 'not-an-id', outcome: 'not found' },
    ]);
    await worker.whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
  });
});
