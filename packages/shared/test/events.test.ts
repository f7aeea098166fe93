import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsFor, type TEventEnvelope } from '../src/contract/events.js';
import {
  applyEventOnce,
  createRedis,
  queueNameFor,
  startConsumer,
  startRelay,
  withTransaction,
  writeEvent,
  type Consumer,
  type EventHandlers,
  type Relay,
} from '../src/server/index.js';
import {
  createTestDatabase,
  testLogger,
  testQueuePrefix,
  type TestDatabase,
  TEST_REDIS_URL,
} from '../src/testing/index.js';
import { ignoring } from './outbox-harness.js';

let db: TestDatabase;
let prefix: string;
const running: Array<{ close(): Promise<void> }> = [];

/** A consumer standing in for records: it counts how often each garage.registered was applied. */
const handlers: EventHandlers = {
  ...Object.fromEntries(eventsFor('records').map((name) => [name, async () => undefined])),
  'garage.registered': async (client, event) => {
    await client.query(
      `INSERT INTO garages_seen (garage_id, name) VALUES ($1, $2)
       ON CONFLICT (garage_id) DO UPDATE SET times_applied = garages_seen.times_applied + 1`,
      [event.payload.garageId, event.payload.name],
    );
  },
  'garage.updated': async () => undefined,
  'subscription.changed': async () => undefined,
};

function garagePayload(garageId: string) {
  return {
    garageId,
    name: 'Hartley Motors Ltd',
    address: '12 Station Road, Leeds, LS1 4AB',
    email: 'service@hartleymotors.co.uk',
    phone: '01131234567',
    fullName: 'Jo Hartley',
    referralCode: 'GAR-ABCD2345',
    referredBy: null,
  };
}

/** Registers a garage: the row and its event commit together, as every service does it. */
async function registerGarage(): Promise<{ garageId: string; eventId: string }> {
  const garageId = randomUUID();
  const eventId = await withTransaction(db.pool, async (client) => {
    await client.query('INSERT INTO garages (id, name) VALUES ($1, $2)', [garageId, 'Hartley Motors Ltd']);
    return writeEvent(client, 'garage.registered', garagePayload(garageId));
  });
  return { garageId, eventId };
}

async function timesApplied(garageId: string): Promise<number> {
  const { rows } = await db.pool.query<{ times_applied: number }>(
    'SELECT times_applied FROM garages_seen WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]?.times_applied ?? 0;
}

/** Whether the outbox rows of these events are all marked published. */
async function isPublished(eventIds: string[]): Promise<boolean> {
  const { rows } = await db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM event_outbox WHERE id = ANY($1::uuid[]) AND published_at IS NOT NULL',
    [eventIds],
  );
  return rows[0]!.n === eventIds.length;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}

beforeAll(async () => {
  db = await createTestDatabase('kit', path.join(import.meta.dirname, 'fixtures/migrations'));
});
afterEach(async () => {
  while (running.length > 0) await running.pop()!.close();
});
afterAll(async () => {
  await db?.drop();
});

function relay(): Relay {
  const r = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
  running.push({ close: () => r.stop() });
  return r;
}
function consumer(): Consumer {
  const c = startConsumer({
    service: 'records',
    pool: db.pool,
    redisUrl: TEST_REDIS_URL,
    prefix,
    logger: testLogger,
    handlers,
  });
  running.push(c);
  return c;
}

describe('the transactional outbox', () => {
  it('keeps no event when the state change rolls back', async () => {
    const garageId = randomUUID();
    await expect(
      withTransaction(db.pool, async (client) => {
        await writeEvent(client, 'garage.registered', garagePayload(garageId));
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const { rows } = await db.pool.query("SELECT 1 FROM event_outbox WHERE payload->>'garageId' = $1", [garageId]);
    expect(rows).toHaveLength(0);
  });

  it('publishes an event exactly once when the relay died between the commit and publishing', async () => {
    prefix = testQueuePrefix();
    const { garageId, eventId } = await registerGarage();
    // The relay that should have published it is dead: nothing runs while the event waits in the outbox.
    const waiting = await db.pool.query('SELECT published_at FROM event_outbox WHERE id = $1', [eventId]);
    expect(waiting.rows[0].published_at).toBeNull();

    const worker = consumer();
    relay(); // the restarted relay
    await waitFor(() => isPublished([eventId]));
    await worker.whenIdle();
    expect(await timesApplied(garageId)).toBe(1);
    const published = await db.pool.query('SELECT published_at FROM event_outbox WHERE id = $1', [eventId]);
    expect(published.rows[0].published_at).not.toBeNull();
  });

  it('publishes exactly once when the relay died after publishing but before marking the row', async () => {
    prefix = testQueuePrefix();
    const { garageId, eventId } = await registerGarage();
    const { rows } = await db.pool.query(
      'SELECT id, name, version, payload, occurred_at FROM event_outbox WHERE id = $1',
      [eventId],
    );
    const row = rows[0];
    // What the dead relay managed: the job is on the queue, the outbox row is still unmarked.
    const connection = createRedis(TEST_REDIS_URL);
    const queue = new Queue(queueNameFor('records'), { connection, prefix });
    await queue.add(
      'garage.registered',
      {
        id: row.id,
        name: row.name,
        version: row.version,
        occurredAt: row.occurred_at.toISOString(),
        payload: row.payload,
      },
      { jobId: row.id },
    );
    await queue.close();
    connection.disconnect();

    const worker = consumer();
    relay();
    // Once the row is marked, every job the relay will ever add for it is on the queue; once the queue is idle,
    // each has been handled.
    await waitFor(() => isPublished([eventId]));
    await worker.whenIdle();
    expect(await timesApplied(garageId)).toBe(1);
  });

  it('has two relays publish each event once between them', async () => {
    prefix = testQueuePrefix();
    const registered = await Promise.all(Array.from({ length: 20 }, () => registerGarage()));
    const worker = consumer();
    relay();
    relay();
    await waitFor(() => isPublished(registered.map((r) => r.eventId)));
    await worker.whenIdle();
    expect(await Promise.all(registered.map((r) => timesApplied(r.garageId)))).toEqual(registered.map(() => 1));
  });
});

describe('idempotent consumers', () => {
  it('applies an event handed over twice only once', async () => {
    const garageId = randomUUID();
    const event: TEventEnvelope<'garage.registered'> = {
      id: randomUUID(),
      name: 'garage.registered',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: garagePayload(garageId),
    };
    expect(await applyEventOnce(db.pool, handlers, event)).toBe('applied');
    expect(await applyEventOnce(db.pool, handlers, event)).toBe('duplicate');
    expect(await timesApplied(garageId)).toBe(1);
  });

  it('applies the same event once even when two jobs carry it', async () => {
    prefix = testQueuePrefix();
    const garageId = randomUUID();
    const event = {
      id: randomUUID(),
      name: 'garage.registered',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: garagePayload(garageId),
    };
    const connection = createRedis(TEST_REDIS_URL);
    const queue = new Queue(queueNameFor('records'), { connection, prefix });
    await queue.add('garage.registered', event, { jobId: `${event.id}-a` });
    await queue.add('garage.registered', event, { jobId: `${event.id}-b` });
    consumer();
    await waitFor(async () => (await queue.getCompletedCount()) >= 2);
    await queue.close();
    connection.disconnect();
    expect(await timesApplied(garageId)).toBe(1);
  });

  it('rolls back a handler that fails, so a retry can apply it', async () => {
    const garageId = randomUUID();
    const event: TEventEnvelope<'garage.registered'> = {
      id: randomUUID(),
      name: 'garage.registered',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: garagePayload(garageId),
    };
    let attempts = 0;
    const flaky: EventHandlers = {
      ...handlers,
      'garage.registered': async (client, e, afterCommit) => {
        attempts += 1;
        if (attempts === 1) throw new Error('database hiccup');
        await handlers['garage.registered']!(client, e, afterCommit);
      },
    };
    await expect(applyEventOnce(db.pool, flaky, event)).rejects.toThrow('database hiccup');
    expect(await applyEventOnce(db.pool, flaky, event)).toBe('applied');
    expect(await timesApplied(garageId)).toBe(1);
  });

  it('runs what a handler leaves for after the commit once its writes are visible, and never for a failure or a duplicate', async () => {
    const garageId = randomUUID();
    const event: TEventEnvelope<'garage.registered'> = {
      id: randomUUID(),
      name: 'garage.registered',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: garagePayload(garageId),
    };
    // What another connection saw of the handler's row when each task ran.
    const seenByTasks: number[] = [];
    let attempts = 0;
    const leaving: EventHandlers = {
      ...handlers,
      'garage.registered': async (client, e, afterCommit) => {
        attempts += 1;
        await handlers['garage.registered']!(client, e, afterCommit);
        afterCommit(async () => {
          seenByTasks.push(await timesApplied(garageId));
        });
        if (attempts === 1) throw new Error('database hiccup');
      },
    };
    await expect(applyEventOnce(db.pool, leaving, event)).rejects.toThrow('database hiccup');
    expect(seenByTasks).toEqual([]);
    expect(await applyEventOnce(db.pool, leaving, event)).toBe('applied');
    expect(seenByTasks).toEqual([1]);
    expect(await applyEventOnce(db.pool, leaving, event)).toBe('duplicate');
    expect(seenByTasks).toEqual([1]);
  });

  it('refuses to start a consumer that lacks a handler for an event it subscribes to', () => {
    expect(() =>
      startConsumer({
        service: 'records',
        pool: db.pool,
        redisUrl: TEST_REDIS_URL,
        prefix: 'unused',
        logger: testLogger,
        handlers: { 'garage.registered': handlers['garage.registered'] },
      }),
    ).toThrow(
      `records subscribes to ${eventsFor('records')
        .filter((name) => name !== 'garage.registered')
        .join(', ')} but has no handler for it`,
    );
  });

  it('refuses to start a consumer of events with secret fields that has nowhere to fetch them from', () => {
    expect(() =>
      startConsumer({
        service: 'notifications',
        pool: db.pool,
        redisUrl: TEST_REDIS_URL,
        prefix: 'unused',
        logger: testLogger,
        handlers: ignoring('notifications'),
      }),
    ).toThrow(
      'notifications subscribes to user.email_confirmation_requested, user.password_reset_requested, technician.invited, user.email_change_notice_requested, whose secret fields no job carries, but has no fetchSecrets',
    );
  });
});
