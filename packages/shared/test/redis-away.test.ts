import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedis,
  createRequestRedis,
  createServiceApp,
  startConsumer,
  startRelay,
  type Redis,
} from '../src/server/index.js';
import {
  createTestDatabase,
  listenForTest,
  testLogger,
  testQueuePrefix,
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
import { refusingRedisUrl, startRedisSwitch, startSilentRedis, type RedisStandIn } from './redis-stand-ins.js';

let db: TestDatabase;
let silent: RedisStandIn;
let refusing: string;
const prefix = testQueuePrefix();

beforeAll(async () => {
  db = await createTestDatabase('kit_redis_away', path.join(import.meta.dirname, 'fixtures/migrations'));
  silent = await startSilentRedis();
  refusing = await refusingRedisUrl();
});
afterAll(async () => {
  await silent?.close();
  await removeQueues(prefix);
  await db?.drop();
});

/** Resolves once some session of the test database sits inside an open transaction (the relay's, here). */
function untilTransactionHeldOpen(pool: pg.Pool, signal: { isDone: boolean }): Promise<void> {
  return (async () => {
    while (!signal.isDone) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise(() => undefined); // the race is decided elsewhere
  })();
}

describe('the outbox relay with Redis away', () => {
  it('holds no transaction while Redis does not answer, keeps the committed event, and publishes it once Redis is back', async () => {
    const redisSwitch = await startRedisSwitch(TEST_REDIS_URL);
    const relay = startRelay({
      pool: db.pool,
      redisUrl: redisSwitch.url,
      prefix,
      logger: testLogger,
      pollMs: 50,
      publishTimeoutMs: 300,
    });
    const worker = startConsumer({
      service: 'records',
      pool: db.pool,
      redisUrl: TEST_REDIS_URL,
      prefix,
      logger: testLogger,
      handlers: countingHandlers(),
    });
    try {
      // The write commits although Redis is away: its event waits in the outbox.
      const { garageId, eventId } = await registerGarage(db.pool);
      const watching = { isDone: false };
      const outcome = await Promise.race([
        relay.flush().then(
          () => 'published',
          () => 'gave up on Redis for now',
        ),
        untilTransactionHeldOpen(db.pool, watching).then(() => 'held a transaction open while talking to Redis'),
      ]);
      watching.isDone = true;
      expect(outcome).toBe('gave up on Redis for now');
      expect(await isPublished(db.pool, [eventId])).toBe(false);

      redisSwitch.restore();
      await waitFor(() => isPublished(db.pool, [eventId]));
      await worker.whenIdle();
      expect(await timesApplied(db.pool, garageId)).toBe(1);
    } finally {
      redisSwitch.restore();
      await worker.close();
      await relay.stop();
      await redisSwitch.close();
    }
  });
});

describe('GET /readyz with Redis away', () => {
  const connections: Array<[string, (url: string) => Redis]> = [
    ['a worker connection', createRedis],
    ['a request connection', (url) => createRequestRedis(url)],
  ];
  const redisStates: Array<[string, () => string]> = [
    ['does not answer', () => silent.url],
    ['refuses connections', () => refusing],
  ];
  it.each(connections.flatMap(([kind, open]) => redisStates.map(([state, url]) => [state, kind, open, url] as const)))(
    'answers 503 naming redis, without waiting on it, when Redis %s (%s)',
    async (_state, _kind, open, url) => {
      const redis = open(url());
      redis.on('error', () => undefined);
      const server = await listenForTest(
        createServiceApp({ logger: testLogger, pool: db.pool, redis, routes: () => undefined }),
      );
      try {
        // A check that waited on a silent Redis would never answer: the signal would end the fetch, failing the test.
        const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5000) });
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({
          status: 503,
          code: 'service_unavailable',
          message: expect.stringContaining('redis'),
          data: { ok: false, checks: { postgres: true, redis: false } },
        });
      } finally {
        await server.close();
        redis.disconnect();
      }
    },
  );
});
