import { Router } from 'express';
import {
  MESSAGES,
  ZInternalActionsQuerySchema,
  ZInternalRetryRequestSchema,
  type TServiceName,
  ADMIN_ACTION_MESSAGES,
} from '../../contract/index.js';
import { listAdminActions, recordAdminAction } from '../admin-audit.js';
import { requireInternalToken } from '../auth.js';
import { queueStatus, retryDeadEvent } from '../events.js';
import { withTransaction, type Pool } from '../store/db.js';
import { AppError } from '../errors.js';
import { parseOrThrow } from '../validate.js';

export interface AdminOpsOptions {
  service: TServiceName;
  pool: Pool;
  internalToken: string;
  /** The service's own event queue, for a service that consumes events. */
  queue?: { redisUrl: string; prefix: string };
}

const JOB_ID = /^[A-Za-z0-9:_-]{1,100}$/;

/**
 * What every service answers the gateway for the admin, each for its own data, since no service reads another's
 * tables (docs/architecture.md#admin-data): its audit of admin actions, its event queue with the events
 * its consumer gave up on, and a retry of one of them, which is itself kept in the audit. Only callers holding the
 * internal token get through.
 */
export function adminOpsRoutes(options: AdminOpsOptions): Router {
  const router = Router();
  const internal = requireInternalToken(options.internalToken);

  router.get('/internal/admin/actions', internal, async (req, res) => {
    const { limit } = parseOrThrow(ZInternalActionsQuerySchema, req.query);
    res.json({ status: 200, data: { adminActions: await listAdminActions(options.pool, options.service, limit) } });
  });

  const queue = options.queue;
  if (!queue) return router;

  router.get('/internal/admin/queue', internal, async (_req, res) => {
    const { counts, deadEvents } = await queueStatus(queue.redisUrl, queue.prefix, options.service);
    res.json({
      status: 200,
      data: {
        queue: { service: options.service, ...counts },
        deadEvents: deadEvents.map((event) => ({
          service: options.service,
          ...event,
          failedAt: event.failedAt.toISOString(),
        })),
      },
    });
  });

  router.post('/internal/admin/dead-events/:id/retry', internal, async (req, res) => {
    const { actor } = parseOrThrow(ZInternalRetryRequestSchema, req.body ?? {});
    const id = String(req.params.id ?? '');
    if (!JOB_ID.test(id)) throw new AppError('validation_failed', MESSAGES.platform.invalidRequest);
    const retried = await withTransaction(options.pool, async (client) => {
      const result = await retryDeadEvent(queue.redisUrl, queue.prefix, options.service, id);
      if (result.outcome === 'requeued') {
        const subject = { type: 'event', id, label: `${result.name ?? 'event'} for ${options.service}` } as const;
        await recordAdminAction(client, actor, 'event.retried', subject, null);
      }
      return result;
    });
    if (retried.outcome === 'not found') throw new AppError('not_found', ADMIN_ACTION_MESSAGES.deadEventNotFound);
    res.json({
      status: 200,
      message: ADMIN_ACTION_MESSAGES.eventRetried,
      data: { service: options.service, id, outcome: 'requeued' },
    });
  });

  return router;
}
