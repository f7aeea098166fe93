/**
 * The platform's live status for the admin (GET /admin/status): each service's readiness, its event queue and the
 * events its consumer gave up on, which the admin can retry.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { ZEventNameSchema, ZServiceNameSchema } from './events.js';
import { MESSAGES } from './messages.js';

/** How one part of the platform is doing, in plain words when it is not. */
export const ZStatusCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Plain words for people: what is wrong, when something is. */
  detail: z.string().nullable(),
});
export type TStatusCheck = z.infer<typeof ZStatusCheckSchema>;

/** One service's event queue: jobs waiting, running, waiting for a retry, and dead (given up on). */
export const ZQueueStatusSchema = z.object({
  service: ZServiceNameSchema,
  waiting: z.number().int().min(0),
  active: z.number().int().min(0),
  delayed: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type TQueueStatus = z.infer<typeof ZQueueStatusSchema>;

/** An event a consumer gave up on, which the admin can retry. */
export const ZDeadEventSchema = z.object({
  service: ZServiceNameSchema,
  id: z.string(),
  name: ZEventNameSchema,
  failedReason: z.string(),
  attempts: z.number().int().min(0),
  failedAt: z.string(),
});
export type TDeadEvent = z.infer<typeof ZDeadEventSchema>;

/** GET /admin/status: the platform's live health. */
export const ZAdminStatusResponseSchema = successEnvelope(
  z.object({
    ok: z.boolean(),
    /** One line for the overview: "All systems operational" or what is down, in plain words. */
    summary: z.string(),
    checkedAt: z.string(),
    /** Each service's readiness (its Postgres and Redis), then Redis as the gateway sees it. */
    checks: z.array(ZStatusCheckSchema),
    queues: z.array(ZQueueStatusSchema),
    deadEvents: z.array(ZDeadEventSchema),
  }),
);
export type TAdminStatusResponse = z.infer<typeof ZAdminStatusResponseSchema>;
export type TAdminStatus = TAdminStatusResponse['data'];

/** POST /admin/events/{service}/{id}/retry (admin only): a dead event goes round again with fresh attempts. */
export const ZRetryEventParamSchema = z.object({
  service: ZServiceNameSchema,
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9:_-]+$/, MESSAGES.platform.invalidRequest),
});
export const ZRetryEventResponseSchema = successEnvelope(
  z.object({ service: ZServiceNameSchema, id: z.string(), outcome: z.enum(['requeued']) }),
);
