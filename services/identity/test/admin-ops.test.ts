import { INTERNAL_TOKEN_HEADER } from '@sh/shared/server';
import { ZInternalActionsResponseSchema, ZInternalQueueResponseSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startIdentity, TEST_INTERNAL_TOKEN, type RunningIdentity } from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const internal = (path: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  call(identity.url, 'GET', path, { headers: token === null ? {} : { [INTERNAL_TOKEN_HEADER]: token } });

describe("identity's answers to the gateway's admin calls", () => {
  it('lists its audit of admin actions (none yet) and its own event queue', async () => {
    const actions = await internal('/internal/admin/actions');
    expect(actions.status).toBe(200);
    expect(ZInternalActionsResponseSchema.parse(actions.body).data.adminActions).toEqual([]);

    const queue = await internal('/internal/admin/queue');
    expect(queue.status).toBe(200);
    expect(ZInternalQueueResponseSchema.parse(queue.body).data).toEqual({
      queue: { service: 'identity', waiting: 0, active: 0, delayed: 0, failed: 0 },
      deadEvents: [],
    });
  });

  it('answers only callers holding the internal token', async () => {
    expect((await internal('/internal/admin/actions', null)).status).toBe(403);
    expect((await internal('/internal/admin/queue', 'not-the-internal-token-0000')).status).toBe(403);
  });
});
