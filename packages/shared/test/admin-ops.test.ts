import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOpsRoutes,
  createServiceApp,
  INTERNAL_TOKEN_HEADER,
  PermanentEventError,
  recordAdminAction,
  startConsumer,
  startRelay,
  type Consumer,
} from '../src/server/index.js';
import {
  callJson,
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

const TOKEN = 'kit-admin-ops-internal-token-01';
const ACTOR = { id: '7f7c1a52-3f51-4e0e-9a47-2b0e5b8e2f10', email: 'admin@example.co.uk' };

let db: TestDatabase;
let prefix: string;
let server: { url: string; close(): Promise<void> };
const running: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  db = await createTestDatabase('kit_admin_ops', path.join(import.meta.dirname, 'fixtures/migrations'));
  prefix = testQueuePrefix();
  const app = createServiceApp({
    logger: testLogger,
    pool: db.pool,
    routes: (a) =>
      a.use(
        adminOpsRoutes({
          service: 'records',
          pool: db.pool,
          internalToken: TOKEN,
          queue: { redisUrl: TEST_REDIS_URL, prefix },
        }),
      ),
  });
  server = await listenForTest(app);
});
afterEach(async () => {
  while (running.length > 0) await running.pop()!.close();
});
afterAll(async () => {
  await server?.close();
  await removeQueues(prefix);
  await db?.drop();
});

const internal = { [INTERNAL_TOKEN_HEADER]: TOKEN };
const auditCount = async () =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_actions')).rows[0]!.n;

describe("a service's admin operations over /internal/", () => {
  it('refuses callers without the internal token', async () => {
    for (const [method, route] of [
      ['GET', '/internal/admin/actions'],
      ['GET', '/internal/admin/queue'],
      ['POST', '/internal/admin/dead-events/some-id/retry'],
    ] as const) {
      const answer = await callJson(server.url, method, route, {
        body: method === 'POST' ? { actor: ACTOR } : undefined,
        headers: { [INTERNAL_TOKEN_HEADER]: 'wrong-token-wrong-token' },
      });
      expect({ route, status: answer.status }).toEqual({ route, status: 403 });
    }
  });

  it('lists its audit entries newest first, as many as asked for', async () => {
    for (const label of ['first', 'second', 'third']) {
      await recordAdminAction(
        db.pool,
        ACTOR,
        'garage.suspended',
        { type: 'garage', id: label, label },
        `because ${label}`,
      );
    }
    const answer = await callJson(server.url, 'GET', '/internal/admin/actions?limit=2', { headers: internal });
    expect(answer.status).toBe(200);
    const actions = (
      answer.body.data as {
        adminActions: Array<{ subject: { label: string }; reason: string; service: string; actor: unknown }>;
      }
    ).adminActions;
    expect(actions.map((a) => a.subject.label)).toEqual(['third', 'second']);
    expect(actions[0]).toMatchObject({ reason: 'because third', service: 'records', actor: ACTOR });
    expect((await callJson(server.url, 'GET', '/internal/admin/actions?limit=101', { headers: internal })).status).toBe(
      400,
    );
  });

  it('shows a dead event in its queue, retries it once with an audit entry, and answers 404 for a second retry', async () => {
    let isFixed = false;
    const consumer: Consumer = startConsumer({
      service: 'records',
      pool: db.pool,
      redisUrl: TEST_REDIS_URL,
      prefix,
      logger: testLogger,
      handlers: countingHandlers(() => {
        if (!isFixed) throw new PermanentEventError('directory refused the name');
      }),
    });
    running.push(consumer);
    const relay = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
    running.push({ close: () => relay.stop() });
    const { garageId, eventId } = await registerGarage(db.pool);
    await waitFor(() => isPublished(db.pool, [eventId]));
    await consumer.whenIdle();

    const status = await callJson(server.url, 'GET', '/internal/admin/queue', { headers: internal });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      queue: { service: 'records', failed: 1, waiting: 0, delayed: 0 },
      deadEvents: [
        {
          service: 'records',
          id: eventId,
          name: 'garage.registered',
          failedReason: 'directory refused the name',
          attempts: 1,
        },
      ],
    });

    const before = await auditCount();
    isFixed = true;
    const retried = await callJson(server.url, 'POST', `/internal/admin/dead-events/${eventId}/retry`, {
      headers: internal,
      body: { actor: ACTOR },
    });
    expect(retried).toMatchObject({
      status: 200,
      body: { data: { service: 'records', id: eventId, outcome: 'requeued' } },
    });
    await waitFor(async () => (await timesApplied(db.pool, garageId)) === 1);
    await consumer.whenIdle();
    expect(await auditCount()).toBe(before + 1);
    const { rows } = await db.pool.query(
      'SELECT action, subject_id, actor_email FROM admin_actions ORDER BY at DESC LIMIT 1',
    );
    expect(rows[0]).toEqual({ action: 'event.retried', subject_id: eventId, actor_email: ACTOR.email });

    const again = await callJson(server.url, 'POST', `/internal/admin/dead-events/${eventId}/retry`, {
      headers: internal,
      body: { actor: ACTOR },
    });
    expect(again.status).toBe(404);
    expect(await auditCount()).toBe(before + 1);
    const badId = await callJson(server.url, 'POST', '/internal/admin/dead-events/has%20space/retry', {
      headers: internal,
      body: { actor: ACTOR },
    });
    expect(badId.status).toBe(400);
    const noActor = await callJson(server.url, 'POST', `/internal/admin/dead-events/${eventId}/retry`, {
      headers: internal,
      body: {},
    });
    expect(noActor.status).toBe(400);
  });
});
