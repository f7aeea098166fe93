/**
 * The reconciler against a Redis of the test's own, which the tests empty or restart empty: the shared Redis is
 * never flushed.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createRedis,
  PermanentEventError,
  queueNameFor,
  readEventSecrets,
  RECONCILER_LOCK,
  startConsumer,
  startReconciler,
  startRelay,
  withTransaction,
  writeEvent,
  type EventHandlers,
} from '../src/server/index.js';
import type { TServiceName } from '../src/contract/events.js';
import { createTestDatabase, testLogger, testQueuePrefix, type TestDatabase } from '../src/testing/index.js';
import { ignoring, isPublished, timesApplied, waitFor } from './outbox-harness.js';
import { startPrivateRedis, type RedisStandIn } from './redis-stand-ins.js';

let db: TestDatabase;
let redis: RedisStandIn;
let prefix: string;
const running: Array<() => Promise<unknown>> = [];

// Each test has an outbox of its own, so that a pass sees only the events of its test.
beforeAll(async () => {
  redis = await startPrivateRedis();
});
beforeEach(async () => {
  db = await createTestDatabase('kit_reconcile', path.join(import.meta.dirname, 'fixtures/migrations'));
  prefix = testQueuePrefix();
});
afterEach(async () => {
  while (running.length > 0) await running.pop()!();
  await db?.drop();
});
afterAll(async () => {
  await redis?.close();
});

/** Records' handlers: garage.updated (which only records hears) counts how often each garage was applied. */
const handlers: EventHandlers = {
  ...ignoring('records'),
  'garage.updated': async (client, event) => {
    await client.query(
      `INSERT INTO garages_seen (garage_id, name) VALUES ($1, $2)
       ON CONFLICT (garage_id) DO UPDATE SET times_applied = garages_seen.times_applied + 1`,
      [event.payload.garageId, event.payload.name],
    );
  },
};

/** Writes a garage.updated event and has a relay publish it; no consumer takes it yet. */
async function publishGarageUpdate(): Promise<{ garageId: string; eventId: string }> {
  const garageId = randomUUID();
  const eventId = await withTransaction(db.pool, (client) =>
    writeEvent(client, 'garage.updated', {
      garageId,
      name: 'Hartley Motors Ltd',
      address: '12 Station Road, Leeds, LS1 4AB',
      phone: '01131234567',
    }),
  );
  const relay = startRelay({ pool: db.pool, redisUrl: redis.url, prefix, logger: testLogger, pollMs: 50 });
  try {
    await waitFor(() => isPublished(db.pool, [eventId]));
  } finally {
    await relay.stop();
  }
  return { garageId, eventId };
}

async function jobState(eventId: string, service: TServiceName = 'records'): Promise<string> {
  const connection = createRedis(redis.url);
  const queue = new Queue(queueNameFor(service), { connection, prefix });
  try {
    return await queue.getJobState(eventId);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Empties the test's own Redis, as a restart without its data or a failover to a lagging replica would. */
async function loseRedisData(): Promise<void> {
  const connection = createRedis(redis.url);
  try {
    await connection.flushall();
  } finally {
    connection.disconnect();
  }
}

function reconciler(intervalMs = 60_000) {
  const r = startReconciler({ pool: db.pool, redisUrl: redis.url, prefix, logger: testLogger, intervalMs });
  running.push(() => r.stop());
  return r;
}

function consumer() {
  const c = startConsumer({
    service: 'records',
    pool: db.pool,
    redisUrl: redis.url,
    prefix,
    logger: testLogger,
    handlers,
  });
  running.push(() => c.close());
  return c;
}

async function timesProcessed(eventId: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1',
    [eventId],
  );
  return rows[0]!.n;
}

async function delivery(eventId: string): Promise<{ delivered_to: string[]; delivered_at: Date | null }> {
  const { rows } = await db.pool.query('SELECT delivered_to, delivered_at FROM event_outbox WHERE id = $1', [eventId]);
  return rows[0];
}

describe('the outbox reconciler', () => {
  it('re-publishes an event whose job Redis lost before it was consumed, and the consumer applies it once', async () => {
    const { garageId, eventId } = await publishGarageUpdate();
    expect(await jobState(eventId)).toBe('waiting');
    await loseRedisData();
    expect(await jobState(eventId)).toBe('unknown');

    await reconciler().reconcile();
    expect(await jobState(eventId)).toBe('waiting');
    await consumer().whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await timesProcessed(eventId)).toBe(1);
  });

  it('does not re-publish an event whose job completed, even once Redis has lost it', async () => {
    const { garageId, eventId } = await publishGarageUpdate();
    await consumer().whenIdle();
    const reconciling = reconciler();
    await reconciling.reconcile();
    expect(await delivery(eventId)).toMatchObject({ delivered_to: ['records'], delivered_at: expect.any(Date) });

    await loseRedisData();
    const pass = await reconciling.reconcile();
    expect(pass).toMatchObject({ ran: true, republished: 0 });
    expect(await jobState(eventId)).toBe('unknown');
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await timesProcessed(eventId)).toBe(1);
  });

  it('sends a dead-lettered event round again once Redis has lost its dead letter', async () => {
    const { garageId, eventId } = await publishGarageUpdate();
    const failing = startConsumer({
      service: 'records',
      pool: db.pool,
      redisUrl: redis.url,
      prefix,
      logger: testLogger,
      handlers: {
        ...handlers,
        'garage.updated': async () => {
          throw new PermanentEventError('not today');
        },
      },
    });
    await failing.whenIdle();
    await failing.close();
    expect(await jobState(eventId)).toBe('failed');
    const reconciling = reconciler();
    await reconciling.reconcile();
    expect(await delivery(eventId)).toMatchObject({ delivered_to: [], delivered_at: null });

    await loseRedisData();
    await reconciling.reconcile();
    expect(await jobState(eventId)).toBe('waiting');
    await consumer().whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
  });

  it('has two reconcilers at once deliver the effect once', async () => {
    const { garageId, eventId } = await publishGarageUpdate();
    await loseRedisData();
    const [first, second] = [reconciler(), reconciler()];
    await Promise.all([first.reconcile(), second.reconcile(), first.reconcile(), second.reconcile()]);
    const worker = consumer();
    await worker.whenIdle();
    await Promise.all([first.reconcile(), second.reconcile()]);
    await worker.whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await timesProcessed(eventId)).toBe(1);
    expect(await delivery(eventId)).toMatchObject({ delivered_to: ['records'], delivered_at: expect.any(Date) });
  });

  it('leaves the pass to the replica that holds the lock', async () => {
    const { eventId } = await publishGarageUpdate();
    await loseRedisData();
    const otherReplica = await db.pool.connect();
    try {
      await otherReplica.query('SELECT pg_advisory_lock($1)', [RECONCILER_LOCK]);
      expect(await reconciler().reconcile()).toMatchObject({ ran: false });
      expect(await jobState(eventId)).toBe('unknown');
    } finally {
      await otherReplica.query('SELECT pg_advisory_unlock($1)', [RECONCILER_LOCK]);
      otherReplica.release();
    }
    expect(await reconciler().reconcile()).toMatchObject({ ran: true });
    expect(await jobState(eventId)).toBe('waiting');
  });

  it('counts as delivered once published an event nobody hears, and not one with secret fields, which keeps them until delivered', async () => {
    const userId = randomUUID();
    const [unheard, reset] = await withTransaction(db.pool, async (client) => [
      await writeEvent(client, 'user.registered', { userId, email: 'owner@hartleymotors.co.uk', role: 'garage' }),
      await writeEvent(client, 'user.password_reset_requested', {
        userId,
        email: 'owner@hartleymotors.co.uk',
        token: 'a-one-time-token',
      }),
    ]);
    const relay = startRelay({ pool: db.pool, redisUrl: redis.url, prefix, logger: testLogger, pollMs: 50 });
    running.push(() => relay.stop());
    await waitFor(() => isPublished(db.pool, [unheard!, reset!]));
    expect(await delivery(unheard!)).toMatchObject({ delivered_at: expect.any(Date) });
    expect(await delivery(reset!)).toMatchObject({ delivered_to: [], delivered_at: null });
    expect(await readEventSecrets(db.pool, reset!)).toEqual({ token: 'a-one-time-token' });
  });

  it('re-publishes a password reset whose job Redis lost, its consumer fetches the token, and the row drops it once delivered', async () => {
    const userId = randomUUID();
    const token = 'Zx9_-a-one-time-token';
    const eventId = await withTransaction(db.pool, (client) =>
      writeEvent(client, 'user.password_reset_requested', { userId, email: 'owner@hartleymotors.co.uk', token }),
    );
    const relay = startRelay({ pool: db.pool, redisUrl: redis.url, prefix, logger: testLogger, pollMs: 50 });
    await waitFor(() => isPublished(db.pool, [eventId]));
    await relay.stop();
    await loseRedisData();
    expect(await jobState(eventId, 'notifications')).toBe('unknown');

    const reconciling = reconciler();
    await reconciling.reconcile();
    expect(await jobState(eventId, 'notifications')).toBe('waiting');
    const tokens: string[] = [];
    const worker = startConsumer({
      service: 'notifications',
      pool: db.pool,
      redisUrl: redis.url,
      prefix,
      logger: testLogger,
      handlers: {
        ...ignoring('notifications'),
        'user.password_reset_requested': async (_client, event) => {
          tokens.push(event.payload.token);
        },
      },
      fetchSecrets: (event) => readEventSecrets(db.pool, event.id),
    });
    running.push(() => worker.close());
    await worker.whenIdle();
    expect(tokens).toEqual([token]);
    expect(await reconciling.reconcile()).toMatchObject({ republished: 0, delivered: 1 });
    const { rows } = await db.pool.query('SELECT payload, delivered_at FROM event_outbox WHERE id = $1', [eventId]);
    expect(rows[0]).toEqual({
      payload: { userId, email: 'owner@hartleymotors.co.uk' },
      delivered_at: expect.any(Date),
    });
    expect(await readEventSecrets(db.pool, eventId)).toBeNull();
  });

  it('re-publishes as soon as Redis is back without its data, not at the next interval', async () => {
    const { garageId, eventId } = await publishGarageUpdate();
    const reconciling = reconciler(600_000);
    await reconciling.reconcile(); // its pass at start is over: the next would be ten minutes away
    const port = Number(new URL(redis.url).port);
    await redis.close();
    redis = await startPrivateRedis(port);

    await waitFor(async () => (await jobState(eventId)) === 'waiting');
    await consumer().whenIdle();
    expect(await timesApplied(db.pool, garageId)).toBe(1);
    expect(await timesProcessed(eventId)).toBe(1);
  });
});
