/** What the kit's event tests share: a garage registered through the outbox, and a consumer that counts. */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type pg from 'pg';
import { eventsFor, type TServiceName } from '../src/contract/events.js';
import { createRedis, queueNameFor, withTransaction, writeEvent, type EventHandlers } from '../src/server/index.js';
import { TEST_REDIS_URL } from '../src/testing/index.js';

export function garagePayload(garageId: string) {
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
export async function registerGarage(pool: pg.Pool): Promise<{ garageId: string; eventId: string }> {
  const garageId = randomUUID();
  const eventId = await withTransaction(pool, async (client) => {
    await client.query('INSERT INTO garages (id, name) VALUES ($1, $2)', [garageId, 'Hartley Motors Ltd']);
    return writeEvent(client, 'garage.registered', garagePayload(garageId));
  });
  return { garageId, eventId };
}

/** Records' handlers: garage.registered counts how often each garage was applied, the others do nothing. */
export function countingHandlers(before?: () => void): EventHandlers {
  return {
    ...ignoring('records'),
    'garage.registered': async (client, event) => {
      before?.();
      await client.query(
        `INSERT INTO garages_seen (garage_id, name) VALUES ($1, $2)
         ON CONFLICT (garage_id) DO UPDATE SET times_applied = garages_seen.times_applied + 1`,
        [event.payload.garageId, event.payload.name],
      );
    },
  };
}

/** A handler that does nothing for every event `service` subscribes to. */
export function ignoring(service: TServiceName): EventHandlers {
  return Object.fromEntries(eventsFor(service).map((name) => [name, async () => undefined]));
}

export async function timesApplied(pool: pg.Pool, garageId: string): Promise<number> {
  const { rows } = await pool.query<{ times_applied: number }>(
    'SELECT times_applied FROM garages_seen WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]?.times_applied ?? 0;
}

/** Whether the outbox rows of these events are all marked published. */
export async function isPublished(pool: pg.Pool, eventIds: string[]): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM event_outbox WHERE id = ANY($1::uuid[]) AND published_at IS NOT NULL',
    [eventIds],
  );
  return rows[0]!.n === eventIds.length;
}

/** Polls `check` until it holds; for states reached through the relay, which has no completion signal. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met in time');
}

/** Removes every queue of a test prefix, so that Redis is left as it was found. */
export async function removeQueues(prefix: string): Promise<void> {
  const connection = createRedis(TEST_REDIS_URL);
  const services: TServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];
  try {
    for (const service of services) {
      const queue = new Queue(queueNameFor(service), { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  } finally {
    connection.disconnect();
  }
}
