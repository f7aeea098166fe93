import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '../src/contract/events.js';
import {
  createRedis,
  readEventSecrets,
  startConsumer,
  startReconciler,
  startRelay,
  writeEvent,
  type EventHandlers,
} from '../src/server/index.js';
import {
  createTestDatabase,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '../src/testing/index.js';
import { ignoring, isPublished, removeQueues, waitFor } from './outbox-harness.js';

let db: TestDatabase;
const prefix = testQueuePrefix();

beforeAll(async () => {
  db = await createTestDatabase('kit_secrets', path.join(import.meta.dirname, 'fixtures/migrations'));
});
afterAll(async () => {
  await removeQueues(prefix);
  await db?.drop();
});

/** Everything Redis holds under the test prefix, as text: every key's name and its values, whatever its type. */
async function dumpRedis(): Promise<{ keys: string[]; text: string }> {
  const redis = createRedis(TEST_REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', '500');
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    const parts: string[] = [];
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'string') parts.push((await redis.get(key)) ?? '');
      else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(...(await redis.smembers(key)));
      else if (type === 'zset') parts.push(...(await redis.zrange(key, '0', '-1')));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      else parts.push(`${key}: unread type ${type}`);
    }
    return { keys, text: `${keys.join('\n')}\n${parts.join('\n')}` };
  } finally {
    redis.disconnect();
  }
}

describe('secret event fields', () => {
  it.each(['user.password_reset_requested', 'user.email_confirmation_requested'] as const)(
    'never puts the raw token of %s in Redis, and drops it from the outbox once the reconciler sees it consumed',
    async (name) => {
      const token = randomBytes(32).toString('base64url');
      const userId = randomUUID();
      const delivered: string[] = [];
      const handlers: EventHandlers = {
        ...ignoring('notifications'),
        [name]: async (_client: unknown, event: TEventEnvelope<typeof name>) => {
          delivered.push(event.payload.token);
        },
      };
      const relay = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
      const reconciler = startReconciler({
        pool: db.pool,
        redisUrl: TEST_REDIS_URL,
        prefix,
        logger: testLogger,
        intervalMs: 600_000,
      });
      try {
        const eventId = await writeEvent(db.pool, name, { userId, email: 'owner@hartleymotors.co.uk', token });
        await waitFor(() => isPublished(db.pool, [eventId]));
        const waiting = await dumpRedis();
        expect(waiting.text).toContain(eventId); // the job is there, waiting for a consumer
        expect(waiting.text).not.toContain(token);

        const consumer = startConsumer({
          service: 'notifications',
          pool: db.pool,
          redisUrl: TEST_REDIS_URL,
          prefix,
          logger: testLogger,
          handlers,
          fetchSecrets: (event) => readEventSecrets(db.pool, event.id),
        });
        try {
          await consumer.whenIdle();
        } finally {
          await consumer.close();
        }
        expect(delivered).toEqual([token]);
        const payloadOf = async () =>
          (
            await db.pool.query<{ payload: Record<string, unknown> }>(
              'SELECT payload FROM event_outbox WHERE id = $1',
              [eventId],
            )
          ).rows[0]?.payload;
        // Until the reconciler has seen its job completed, the row keeps the token, so that a lost job can go again.
        expect(await payloadOf()).toEqual({ userId, email: 'owner@hartleymotors.co.uk', token });
        await reconciler.reconcile();
        expect(await payloadOf()).toEqual({ userId, email: 'owner@hartleymotors.co.uk' });

        const redis = await dumpRedis();
        expect(redis.text).toContain(eventId); // the scan did read this event's traces
        expect(redis.text).not.toContain(token);
      } finally {
        await reconciler.stop();
        await relay.stop();
      }
    },
  );
});
