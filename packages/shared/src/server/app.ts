import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { errorMiddleware, notFoundHandler } from './errors.js';
import { requestContext } from './logger.js';

export interface ServiceAppOptions {
  logger: Logger;
  pool?: pg.Pool;
  redis?: Redis;
  /** Routes that need the raw body (Stripe webhooks) go here, before the JSON parser. */
  rawRoutes?: (app: Express) => void;
  routes: (app: Express) => void;
  jsonLimit?: string;
}

/**
 * Builds a service's express app without listening: helmet, request id and logger, a JSON body limit,
 * /healthz (process up) and /readyz (Postgres and Redis answer), the routes, then the 404 and error envelopes.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(helmet());
  app.use(requestContext(options.logger));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 200, data: { ok: true } });
  });
  app.get('/readyz', async (_req, res) => {
    const checks: Record<string, boolean> = {};
    if (options.pool) checks.postgres = await options.pool.query('SELECT 1').then(() => true, () => false);
    if (options.redis) checks.redis = await options.redis.ping().then((pong) => pong === 'PONG', () => false);
    const isReady = Object.values(checks).every(Boolean);
    res.status(isReady ? 200 : 503).json(
      isReady
        ? { status: 200, data: { ok: true, checks } }
        : { status: 503, code: 'service_unavailable', message: 'Not ready', data: { ok: false, checks } },
    );
  });
  options.rawRoutes?.(app);
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  options.routes(app);
  app.use(notFoundHandler());
  app.use(errorMiddleware());
  return app;
}
