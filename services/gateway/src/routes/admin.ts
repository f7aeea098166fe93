import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  eventsFor,
  MESSAGES,
  ZAdminDataQuerySchema,
  ZRetryEventParamSchema,
  ZServiceNameSchema,
  type TErrorEnvelope,
  type TOperation,
  type TServiceName,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { AppError, parseOrThrow, requireRole, withTimeout, type Redis } from '@sh/shared/server';
import {
  fetchAdminActions,
  fetchGaragesPage,
  fetchQueue,
  fetchReadiness,
  fetchRecordsPage,
  READY_TIMEOUT_MS,
  requestEventRetry,
  type PageQuery,
} from '../clients/admin-sources.js';
import type { ServiceAnswer } from '../clients/call-service.js';
import { composeAdminData } from '../domain/compose-admin-data.js';
import { describeRedis, describeService, summarizeStatus } from '../domain/describe-status.js';
import type { OperationMatch } from '@sh/shared/contract';
import type { UpstreamName } from '../domain/routing.js';

export interface AdminRoutesDeps {
  upstreams: Partial<Record<UpstreamName, string>>;
  internalToken: string;
  /** The gateway's own request connection: the status pings it. */
  redis: Redis;
}

const NOT_CONFIGURED: ServiceAnswer<never> = { kind: 'failed', reason: 'not configured' };

/** One of the calls the gateway answers itself, given its path parameters decoded as express decodes its own. */
type GatewayCall = (
  deps: AdminRoutesDeps,
  req: Request,
  res: Response,
  params: Record<string, string>,
) => Promise<void>;

/** The calls of the contract whose `service` is 'gateway', by "METHOD /path" as the contract writes them. */
const GATEWAY_CALLS: Record<string, GatewayCall> = {
  'GET /admin/data': answerAdminData,
  'GET /admin/status': answerAdminStatus,
  'POST /admin/events/{service}/{id}/retry': answerRetry,
};

/** A path parameter decoded as express decodes one; as it came when it is no valid encoding (the schema refuses it). */
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Lets through the role an `auth` names ('admin', 'garage'); anyone signed in for 'signed-in'. */
function roleCheckOf(auth: TOperation['auth']): RequestHandler {
  return auth === 'admin' || auth === 'garage' ? requireRole(auth) : (_req, _res, next) => next();
}

/**
 * The admin's calls the gateway answers itself (docs/architecture.md#admin-data): the overview composed from
 * garages, records and every service's audit; the live status; and a retry of a dead event, passed to the service
 * whose queue holds it. The token was checked on the way in (needsToken); only the role the call's `auth` names gets
 * further. An operation of the list marked 'gateway' that the gateway has no answer for throws here, at build time.
 */
export function gatewayCalls(
  operations: readonly TOperation[],
  deps: AdminRoutesDeps,
): (match: OperationMatch, req: Request, res: Response, next: NextFunction) => void {
  const keyOf = (operation: TOperation) => `${operation.method.toUpperCase()} ${operation.path}`;
  const calls = new Map<TOperation, { call: GatewayCall; roleCheck: RequestHandler }>();
  for (const operation of operations) {
    if (operation.service !== 'gateway') continue;
    const call = GATEWAY_CALLS[keyOf(operation)];
    if (!call) throw new Error(`The gateway has no answer of its own for ${keyOf(operation)}`);
    calls.set(operation, { call, roleCheck: roleCheckOf(operation.auth) });
  }
  return (match, req, res, next) => {
    const { call, roleCheck } = calls.get(match.operation)!;
    const params = Object.fromEntries(Object.entries(match.params).map(([name, raw]) => [name, decodeParam(raw)]));
    roleCheck(req, res, (error?: unknown) => {
      if (error) return next(error);
      call(deps, req, res, params).catch(next);
    });
  };
}

/** The services whose URL is set, in the contract's order. */
function configuredServices(upstreams: AdminRoutesDeps['upstreams']): TServiceName[] {
  return ZServiceNameSchema.options.filter((service) => upstreams[service] !== undefined);
}

/**
 * A list service's refusal of the admin's own input (a cursor it cannot read) is the admin's 400, its fields named
 * as admin/data names them; anything else it answered is a part that could not be had.
 */
function throwIfInputRefused(answer: ServiceAnswer<unknown>, list: 'garages' | 'records'): void {
  if (answer.kind !== 'refused' || answer.envelope.status !== 400) return;
  const errors = answer.envelope.errors?.map((error) => ({ ...error, path: `${list}_${error.path}` }));
  throw new AppError('validation_failed', answer.envelope.message, { errors });
}

function dataOrNull<T>(answer: ServiceAnswer<T>, service: string, req: Request): T | null {
  if (answer.kind === 'ok') return answer.data;
  const reason =
    answer.kind === 'refused' ? `refused with ${answer.envelope.status} ${answer.envelope.code}` : answer.reason;
  req.log.warn({ service, reason }, 'admin data: a part is unavailable');
  return null;
}

async function answerAdminData(deps: AdminRoutesDeps, req: Request, res: Response): Promise<void> {
  const query = parseOrThrow(ZAdminDataQuerySchema, req.query);
  const { garages: garagesUrl, records: recordsUrl } = deps.upstreams;
  // A list not asked for is still asked for its totals, with the smallest page.
  const garagesQuery: PageQuery =
    query.only === 'serviceRecords'
      ? { limit: 1 }
      : { q: query.garages_q, cursor: query.garages_cursor, limit: query.limit };
  const recordsQuery: PageQuery =
    query.only === 'garages' ? { limit: 1 } : { q: query.records_q, cursor: query.records_cursor, limit: query.limit };
  const auditors = configuredServices(deps.upstreams);
  const [garages, records, ...actions] = await Promise.all([
    garagesUrl ? fetchGaragesPage(garagesUrl, deps.internalToken, garagesQuery) : NOT_CONFIGURED,
    recordsUrl ? fetchRecordsPage(recordsUrl, deps.internalToken, recordsQuery) : NOT_CONFIGURED,
    ...auditors.map((service) => fetchAdminActions(deps.upstreams[service]!, deps.internalToken)),
  ]);
  throwIfInputRefused(garages, 'garages');
  throwIfInputRefused(records, 'records');
  const data = composeAdminData({
    only: query.only,
    garages: dataOrNull(garages, 'garages', req),
    records: dataOrNull(records, 'records', req),
    actions: auditors.map((service, i) => ({
      service,
      adminActions: dataOrNull(actions[i]!, service, req)?.adminActions ?? null,
    })),
  });
  res.json({ status: 200, data });
}

async function answerAdminStatus(deps: AdminRoutesDeps, _req: Request, res: Response): Promise<void> {
  const services = ZServiceNameSchema.options;
  const consumers = services.filter((service) => eventsFor(service).length > 0);
  const [readiness, queues, isRedisAnswering] = await Promise.all([
    Promise.all(services.map((service) => fetchReadiness(deps.upstreams[service]))),
    Promise.all(
      consumers.map((service) => {
        const url = deps.upstreams[service];
        return url ? fetchQueue(url, deps.internalToken) : NOT_CONFIGURED;
      }),
    ),
    withTimeout(deps.redis.ping(), READY_TIMEOUT_MS, 'Redis (status)').then(
      (pong) => pong === 'PONG',
      () => false,
    ),
  ]);
  const reported = consumers.flatMap((service, i) => {
    const queue = queues[i]!;
    return queue.kind === 'ok' ? [{ service, ...queue.data }] : [];
  });
  const checks = [
    ...services.map((service, i) =>
      describeService(
        service,
        readiness[i]!,
        !consumers.includes(service)
          ? 'not expected'
          : reported.some((q) => q.service === service)
            ? 'reported'
            : 'missing',
      ),
    ),
    describeRedis(isRedisAnswering),
  ];
  const queueStatuses = reported.map((q) => q.queue);
  const { ok, summary } = summarizeStatus(checks, queueStatuses);
  const deadEvents = reported
    .flatMap((q) => q.deadEvents)
    .sort((a, b) => Date.parse(b.failedAt) - Date.parse(a.failedAt));
  res.json({
    status: 200,
    data: { ok, summary, checkedAt: new Date().toISOString(), checks, queues: queueStatuses, deadEvents },
  });
}

/** A retry names its service in any case; the event id keeps its own. */
async function answerRetry(
  deps: AdminRoutesDeps,
  req: Request,
  res: Response,
  given: Record<string, string>,
): Promise<void> {
  const params = parseOrThrow(ZRetryEventParamSchema, { service: given.service?.toLowerCase(), id: given.id });
  const url = deps.upstreams[params.service];
  if (!url) throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
  const auth = req.auth!;
  const retried = await requestEventRetry(url, deps.internalToken, params.id, { id: auth.sub, email: auth.email });
  if (retried.kind === 'ok') {
    res.json({ status: 200, message: ADMIN_ACTION_MESSAGES.eventRetried, data: retried.data });
    return;
  }
  // The service's own word on the event (no such dead event, a bad id) is the admin's answer; anything else is ours.
  if (retried.kind === 'refused' && isPassedOn(retried.envelope)) {
    res.status(retried.envelope.status).json(retried.envelope);
    return;
  }
  req.log.warn(
    { service: params.service, outcome: retried.kind === 'refused' ? retried.envelope.code : retried.reason },
    'event retry failed',
  );
  throw new AppError('bad_gateway', MESSAGES.platform.badGateway);
}

function isPassedOn(envelope: TErrorEnvelope): boolean {
  return envelope.status === 400 || envelope.status === 404;
}
