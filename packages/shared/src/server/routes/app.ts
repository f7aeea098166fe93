import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { TServiceName } from '../../contract/events.js';
import { errorMiddleware, notFoundHandler } from '../errors.js';
import { requestContext } from '../logger.js';
import { withTimeout } from '../timeout.js';
import { adminOpsRoutes, type AdminOpsOptions } from './admin-ops.js';

/** How long /readyz waits for each dependency: a dependency that does not answer in time is not ready. */
const READY_CHECK_TIMEOUT_MS = 500;

/**
 * Asks each dependency at once whether it answers, within READY_CHECK_TIMEOUT_MS: 200 when all do, otherwise
 * 503 naming those that do not. For /readyz, which must answer quickly even while Redis or Postgres is away.
 */
export async function checkReadiness(dependencies: { postgres?: Pick<pg.Pool, 'query'>; redis?: Pick<Redis, 'ping'> }) {
  const probes: Record<string, () => Promise<boolean>> = {};
  const { postgres, redis } = dependencies;
  if (postgres) probes.postgres = () => postgres.query('SELECT 1').then(() => true);
  if (redis) probes.redis = () => redis.ping().then((pong) => pong === 'PONG');
  const entries = await Promise.all(
    Object.entries(probes).map(
      async ([name, probe]) =>
        [name, await withTimeout(probe(), READY_CHECK_TIMEOUT_MS, name).catch(() => false)] as const,
    ),
  );
  const checks = Object.fromEntries(entries);
  const failing = entries.filter(([, isUp]) => !isUp).map(([name]) => name);
  return failing.length === 0
    ? { status: 200, body: { status: 200, data: { ok: true, checks } } }
    : {
        status: 503,
        body: {
          status: 503,
          code: 'service_unavailable',
          message: `Not ready: ${failing.join(', ')}`,
          data: { ok: false, checks },
        },
      };
}

/** The security headers of every service's answers (helmet's defaults: all fixed). */
const securityHeaders = helmet();

/** What every service's app is built from; each service's deps add what its own routes need. */
export interface ServiceAppDeps {
  pool: pg.Pool;
  redis?: Redis;
  logger: Logger;
  /** Proves the gateway on /internal/ routes (the admin's calls). */
  internalToken: string;
  /** The service's own event queue, for the admin's view of it (absent in tests that run no consumer). */
  queue?: AdminOpsOptions['queue'];
}

export interface ServiceAppOptions extends Partial<Omit<ServiceAppDeps, 'logger'>> {
  logger: Logger;
  /** The service: with its pool and internal token, it answers the gateway's admin calls (adminOpsRoutes). */
  service?: TServiceName;
  /** Routes that need the raw body (Stripe webhooks) go here, before the JSON parser. */
  rawRoutes?: (app: Express) => void;
  routes: (app: Express) => void;
  jsonLimit?: string;
  /**
   * Paths whose JSON bodies may be larger than jsonLimit (a garage's CSV import), each with its own limit: parsed
   * before any route, as every body is, so that an answer never goes out while its request is still being sent.
   */
  largeJsonRoutes?: ReadonlyArray<{ path: string; limit: string }>;
}

/**
 * Keys that would shadow Object.prototype's members: a body object owning one of them can break any code that
 * converts or inspects it (String(x), x.hasOwnProperty(...)), so no request body may carry them.
 */
const SHADOWING_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toString',
  'toLocaleString',
  'valueOf',
]);

/**
 * A JSON reviver that refuses what no request of ours carries and what would only ever do harm: a string holding
 * a NUL character (Postgres text cannot store one) and an object owning a key that shadows Object.prototype. The
 * body parser answers such a body as malformed (400), before any handler sees it.
 */
function refuseHostileJson(key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw new SyntaxError('NUL character in a string');
  if (SHADOWING_KEYS.has(key)) throw new SyntaxError(`the key "${key}" is not accepted`);
  return value;
}

/**
 * Builds a service's express app without listening: helmet, request id and logger, a JSON body limit,
 * /healthz (process up) and /readyz (Postgres and Redis answer within half a second), the admin's calls every service
 * answers (adminOpsRoutes), the service's routes, then the 404 and error envelopes.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders);
  app.use(requestContext(options.logger));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 200, data: { ok: true } });
  });
  app.get('/readyz', async (_req, res) => {
    const { status, body } = await checkReadiness({ postgres: options.pool, redis: options.redis });
    res.status(status).json(body);
  });
  options.rawRoutes?.(app);
  for (const { path, limit } of options.largeJsonRoutes ?? [])
    app.use(path, express.json({ limit, reviver: refuseHostileJson }));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', reviver: refuseHostileJson }));
  const { service, pool, internalToken, queue } = options;
  if (service && pool && internalToken) app.use(adminOpsRoutes({ service, pool, internalToken, queue }));
  options.routes(app);
  app.use(notFoundHandler());
  app.use(errorMiddleware());
  return app;
}
