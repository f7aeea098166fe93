import { INTERNAL_TOKEN_HEADER, createTokenVerifier } from '@sh/shared/server';
import { ZInternalActionsResponseSchema, ZInternalQueueResponseSchema } from '@sh/shared/contract';
import { callJson, createTestKeyPair, listenForTest, testLogger, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationsApp } from '../src/app.js';
import { startPlatform, TEST_INTERNAL_TOKEN, type Platform } from './harness.js';

let platform: Platform;
let server: Awaited<ReturnType<typeof listenForTest>>;

beforeAll(async () => {
  platform = await startPlatform();
  server = await listenForTest(
    buildNotificationsApp({
      pool: platform.db.pool,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
      internalToken: TEST_INTERNAL_TOKEN,
      queue: { redisUrl: TEST_REDIS_URL, prefix: platform.prefix },
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await platform?.stop();
});

const internal = (path: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  callJson(server.url, 'GET', path, { headers: token === null ? {} : { [INTERNAL_TOKEN_HEADER]: token } });

describe("notifications' answers to the gateway's admin calls", () => {
  it('lists its audit of admin actions (none yet) and its own event queue', async () => {
    const actions = await internal('/internal/admin/actions');
    expect(actions.status).toBe(200);
    expect(ZInternalActionsResponseSchema.parse(actions.body).data.adminActions).toEqual([]);

    const queue = await internal('/internal/admin/queue');
    expect(queue.status).toBe(200);
    expect(ZInternalQueueResponseSchema.parse(queue.body).data.queue.service).toBe('notifications');
    expect(ZInternalQueueResponseSchema.parse(queue.body).data.deadEvents).toEqual([]);
  });

  it('answers only callers holding the internal token', async () => {
    expect((await internal('/internal/admin/actions', null)).status).toBe(403);
    expect((await internal('/internal/admin/queue', 'not-the-internal-token-0000')).status).toBe(403);
  });
});
