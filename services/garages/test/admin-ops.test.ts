import { ZInternalActionsResponseSchema } from '@sh/shared/contract';
import { callInternalAdmin, itAnswersInternalAdminCalls } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenFor, buildGarage, call, startStack, TEST_INTERNAL_TOKEN, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const internal = (path: string) => callInternalAdmin(stack.garagesUrl, path, TEST_INTERNAL_TOKEN);

describe("garages' answers to the gateway's admin calls", () => {
  it('lists its audit of admin actions, newest first, as the garages service', async () => {
    const admin = adminTokenFor(stack, 'ops@wrenchmark.test');
    const garage = await buildGarage(stack, { name: 'Audited Motors' });
    const suspend = (reason: string) =>
      call(stack.garagesUrl, 'POST', `/api/v1/garages/${garage.id}/suspension`, {
        token: admin.token,
        body: { reason },
      });
    const reinstate = (reason: string) =>
      call(stack.garagesUrl, 'DELETE', `/api/v1/garages/${garage.id}/suspension`, {
        token: admin.token,
        body: { reason },
      });
    expect((await suspend('Under review')).status).toBe(200);
    expect((await reinstate('Review done')).status).toBe(200);

    const { status, body } = await internal('/internal/admin/actions?limit=5');
    expect(status).toBe(200);
    const actions = ZInternalActionsResponseSchema.parse(body).data.adminActions;
    expect(
      actions.map((action) => [action.action, action.reason, action.subject.label, action.actor.email, action.service]),
    ).toEqual([
      ['garage.reinstated', 'Review done', 'Audited Motors', 'ops@wrenchmark.test', 'garages'],
      ['garage.suspended', 'Under review', 'Audited Motors', 'ops@wrenchmark.test', 'garages'],
    ]);
  });

  itAnswersInternalAdminCalls('garages', () => ({ url: stack.garagesUrl, internalToken: TEST_INTERNAL_TOKEN }), {
    auditTested: true,
    idleQueue: true,
  });
});
