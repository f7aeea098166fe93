import {
  ADMIN_ACTIONS_SHOWN,
  ZInternalActionsResponseSchema,
  ZInternalGaragesResponseSchema,
  ZInternalQueueResponseSchema,
  ZInternalRecordsResponseSchema,
  ZRetryEventResponseSchema,
  type TAdminActor,
} from '@sh/shared/contract';
import type { Readiness } from '../domain/describe-status.js';
import { callService, urlWithQuery } from './call-service.js';

/** How long a list or the audit may take before the overview shows without it. */
export const LIST_TIMEOUT_MS = 2000;
/** How long a service may take to say it is ready before the status calls it down. */
export const READY_TIMEOUT_MS = 1000;
/** A retry moves a job in Redis and writes the audit: a little longer than a read. */
export const RETRY_TIMEOUT_MS = 5000;

export interface PageQuery {
  q?: string;
  cursor?: string;
  limit: number;
}

/** A page of garages and the garages' totals, from garages. */
export function fetchGaragesPage(garagesUrl: string, internalToken: string, query: PageQuery) {
  return callService(
    urlWithQuery(garagesUrl, '/internal/admin/garages', { ...query }),
    internalToken,
    ZInternalGaragesResponseSchema,
    { timeoutMs: LIST_TIMEOUT_MS },
  );
}

/** A page of service records, newest service first, and the records' totals, from records. */
export function fetchRecordsPage(recordsUrl: string, internalToken: string, query: PageQuery) {
  return callService(
    urlWithQuery(recordsUrl, '/internal/admin/service-records', { ...query }),
    internalToken,
    ZInternalRecordsResponseSchema,
    { timeoutMs: LIST_TIMEOUT_MS },
  );
}

/** A service's newest admin actions, from its own audit. */
export function fetchAdminActions(serviceUrl: string, internalToken: string) {
  return callService(
    urlWithQuery(serviceUrl, '/internal/admin/actions', { limit: ADMIN_ACTIONS_SHOWN }),
    internalToken,
    ZInternalActionsResponseSchema,
    { timeoutMs: LIST_TIMEOUT_MS },
  );
}

/** A consuming service's queue counts and dead events. */
export function fetchQueue(serviceUrl: string, internalToken: string) {
  return callService(
    urlWithQuery(serviceUrl, '/internal/admin/queue', {}),
    internalToken,
    ZInternalQueueResponseSchema,
    { timeoutMs: LIST_TIMEOUT_MS },
  );
}

/** Asks a service to deliver one of its dead events again, on behalf of `actor`. */
export function requestEventRetry(serviceUrl: string, internalToken: string, id: string, actor: TAdminActor) {
  return callService(
    urlWithQuery(serviceUrl, `/internal/admin/dead-events/${encodeURIComponent(id)}/retry`, {}),
    internalToken,
    ZRetryEventResponseSchema,
    { method: 'POST', body: { actor }, timeoutMs: RETRY_TIMEOUT_MS },
  );
}

/**
 * What a service's /readyz says of its Postgres and Redis. It answers 503 with the same checks when one is down, so
 * both statuses are read; anything else, or nothing within READY_TIMEOUT_MS, is a service not answering.
 */
export async function fetchReadiness(serviceUrl: string | undefined): Promise<Readiness> {
  if (!serviceUrl) return { state: 'not configured' };
  try {
    const response = await fetch(new URL('/readyz', serviceUrl), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    const body = (await response.json()) as { data?: { checks?: Record<string, unknown> } };
    const checks = body.data?.checks;
    if ((response.status !== 200 && response.status !== 503) || !checks) return { state: 'not answering' };
    // A service without a database or Redis has no such check: nothing of it can be down.
    return { state: 'answered', postgres: checks.postgres !== false, redis: checks.redis !== false };
  } catch {
    return { state: 'not answering' };
  }
}
