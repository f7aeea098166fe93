/**
 * The admins' calls that are not about one record: the gateway's data and status pages, a dead event's retry, and a
 * garage's suspension.
 */
import { ZAdminStatusResponseSchema, ZRetryEventParamSchema, ZRetryEventResponseSchema } from '../admin-status.js';
import {
  ZAdminDataQuerySchema,
  ZAdminDataResponseSchema,
  ZGarageSuspensionRequestSchema,
  ZGarageSuspensionResponseSchema,
} from '../admin.js';
import { ZUserIdParamSchema } from '../identity.js';
import type { TOperation } from '../openapi.js';

/** The garage's suspension, which an admin sets (POST) or lifts (DELETE), with a reason either way. */
const GARAGE_SUSPENSION = {
  tag: 'Admin',
  auth: 'admin',
  service: 'garages',
  budget: 'general',
  pathParams: ZUserIdParamSchema,
  body: ZGarageSuspensionRequestSchema,
  response: ZGarageSuspensionResponseSchema,
  errors: [400, 401, 403, 404, 409],
} as const satisfies Partial<TOperation>;

export const ADMIN_OPERATIONS: TOperation[] = [
  {
    method: 'get',
    path: '/admin/data',
    operationId: 'getAdminData',
    summary:
      'The overview totals, recent admin actions, and a page of garages and of service records (searchable, keyset-paged)',
    tag: 'Admin',
    auth: 'admin',
    service: 'gateway',
    budget: 'general',
    query: ZAdminDataQuerySchema,
    response: ZAdminDataResponseSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    path: '/admin/status',
    operationId: 'getAdminStatus',
    summary: "The platform's live health: each service's readiness, Redis, and every event queue with its dead events",
    tag: 'Admin',
    auth: 'admin',
    service: 'gateway',
    budget: 'general',
    response: ZAdminStatusResponseSchema,
    errors: [401, 403],
  },
  {
    method: 'post',
    path: '/admin/events/{service}/{id}/retry',
    operationId: 'retryDeadEvent',
    summary: 'Deliver a dead event to its consumer again, with fresh attempts',
    tag: 'Admin',
    auth: 'admin',
    service: 'gateway',
    budget: 'general',
    pathParams: ZRetryEventParamSchema,
    response: ZRetryEventResponseSchema,
    errors: [400, 401, 403, 404, 503],
  },
  {
    method: 'post',
    path: '/garages/{id}/suspension',
    operationId: 'suspendGarage',
    summary:
      'Suspend a garage, with a reason: it cannot sign in, add records or use billing until reinstated; its records stay public; it is told by e-mail',
    ...GARAGE_SUSPENSION,
  },
  {
    method: 'delete',
    path: '/garages/{id}/suspension',
    operationId: 'reinstateGarage',
    summary: 'Reinstate a suspended garage, with a reason; it is told by e-mail',
    ...GARAGE_SUSPENSION,
  },
];
