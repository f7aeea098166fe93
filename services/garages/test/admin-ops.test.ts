import { INTERNAL_TOKEN_HEADER } from '@sh/shared/server';
import { ZInternalActionsResponseSchema, ZInternalQueueResponseSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenFor, buildGarage, call, startStack, TEST_INTERNAL_TOKEN, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const internal = (path: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  call(stack.garagesUrl, 'GET', path, { headers: token === null ? {} : { [INTERNAL_TOKEN_HEADER]: token } });

describe("garages' answers to the gateway's admin calls", () => {
  it('lists its audit of admin actions, newest first, as the garages service', async () => {
    const admin = adminTokenFor(stack, 'ops@wrenchmark.test');
    const garage = await buildGarage(stack, { name: 'Audited Motors' });
    const suspend = (reason: string) => call(stack.garagesUrl, 'POST', `/api/v1/garages/${garage.id}/suspension`, { token: admin.token, body: { reason } });
    const reinstate = (reason: string) => call(stack.garagesUrl, 'DELETE', `/api/v1/garages/${garage.id}/suspension`, { token: admin.token, body: { reason } });
    expect((await suspend('Under review')).status).toBe(200);
    expect((await reinstate('Review done')).status).toBe(200);

    const { status, body } = await internal('/internal/admin/actions?limit=5');
    expect(status).toBe(200);
    const actions = ZInternalActionsResponseSchema.parse(body).data.adminActions;
    expect(actions.map((action) => [action.action, action.reason, action.subject.label, action.actor.email, action.service])).toEqual([
      ['garage.reinstated', 'Review done', 'Audited Motors', 'ops@wrenchmark.test', 'garages'],
      ['garage.suspended', 'Under review', 'Audited Motors', 'ops@wrenchmark.test', 'garages'],
    ]);
  });

  it("answers its own event queue's counts", async () => {
    const { status, body } = await internal('/internal/admin/queue');
    expect(status).toBe(200);
    expect(ZInternalQueueResponseSchema.parse(body).data).toEqual({
      queue: { service: 'garages', waiting: 0, active: 0, delayed: 0, failed: 0 },
      deadEvents: [],
    });
  });

  it('answers only callers holding the internal token', async () => {
    expect((await internal('/internal/admin/actions', null)).status).toBe(403);
    expect((await internal('/internal/admin/queue', 'not-the-internal-token-0000')).status).toBe(403);
  });
});
