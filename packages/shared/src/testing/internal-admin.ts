import { expect, it } from 'vitest';
import { ZInternalActionsResponseSchema, ZInternalQueueResponseSchema } from '../contract/admin.js';
import type { TServiceName } from '../contract/events.js';
import { INTERNAL_TOKEN_HEADER } from '../server/auth.js';
import { callJson } from './index.js';

/** A GET of one of a service's /internal/admin/* paths, with the internal token given (or none). */
export function callInternalAdmin(baseUrl: string, path: string, token: string | null) {
  return callJson(baseUrl, 'GET', path, { headers: token === null ? {} : { [INTERNAL_TOKEN_HEADER]: token } });
}

/**
 * The tests every service's answers to the gateway's admin calls share, inside the caller's describe: its event queue,
 * named for the service and holding no dead event (with every count 0 when `idleQueue`: nothing else uses it in the
 * test), its audit of admin actions (empty, unless `auditTested` says another test fills it), and no answer but 403
 * to a caller without the internal token.
 */
export function itAnswersInternalAdminCalls(
  service: TServiceName,
  target: () => { url: string; internalToken: string },
  options: { auditTested?: boolean; idleQueue?: boolean } = {},
): void {
  const internal = (path: string, token?: string | null) => {
    const { url, internalToken } = target();
    return callInternalAdmin(url, path, token === undefined ? internalToken : token);
  };

  it(`answers its own event queue${options.auditTested ? '' : ' and its audit of admin actions (none yet)'}`, async () => {
    if (!options.auditTested) {
      const actions = await internal('/internal/admin/actions');
      expect(actions.status).toBe(200);
      expect(ZInternalActionsResponseSchema.parse(actions.body).data.adminActions).toEqual([]);
    }
    const queue = await internal('/internal/admin/queue');
    expect(queue.status).toBe(200);
    const { data } = ZInternalQueueResponseSchema.parse(queue.body);
    expect(data.queue.service).toBe(service);
    if (options.idleQueue) expect(data.queue).toEqual({ service, waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(data.deadEvents).toEqual([]);
  });

  it('answers only callers holding the internal token', async () => {
    expect((await internal('/internal/admin/actions', null)).status).toBe(403);
    expect((await internal('/internal/admin/queue', 'not-the-internal-token-0000')).status).toBe(403);
  });
}
