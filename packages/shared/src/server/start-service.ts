import { fileURLToPath } from 'node:url';
import type { RequestListener } from 'node:http';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { TServiceName } from '../contract/events.js';
import { usesDevelopmentDefaults } from './config.js';
import { createPool, ensureDatabase, migrate } from './store/db.js';
import {
  createRequestRedis,
  startConsumer,
  startReconciler,
  registerEventMetrics,
  startRelay,
  type EventHandlers,
  type EventSecretsFetcher,
  type Redis,
} from './events.js';
import { runService, type RunningService } from './lifecycle.js';
import { waitForMigrations } from './migrations.js';
import { createLogger } from './logger.js';
import { startMetricsServer } from './metrics.js';
import { startTracing } from './tracing.js';

/** What every service's configuration holds for start-up. */
export interface StartConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  HOST: string;
  PORT: number;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  /** Where GET /metrics is served; unset, nowhere (metrics.ts). */
  METRICS_PORT?: number;
  /** The OpenTelemetry collector; unset, no tracing (tracing.ts). */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}

/** What a service is given once its connections are open. */
export interface ServiceContext {
  logger: Logger;
  /** For request paths: commands fail fast while Redis is away (createRequestRedis), so callers can carry on. */
  redis: Redis;
}
export interface DatabaseServiceContext extends ServiceContext {
  pool: pg.Pool;
}

/** Something started beside the HTTP server that must stop with it (a mail sender, a transport). */
export type Closer = () => Promise<unknown> | unknown;

interface ServiceParts<Ctx extends ServiceContext, D> {
  name: string;
  /** Work before the app is built, with the connections open: loading keys, first-start data, clients. */
  prepare?: (context: Ctx) => Promise<D> | D;
  /** Builds the express app (routes and their dependencies), or a listener in front of one. */
  app: (context: Ctx, prepared: D) => RequestListener;
  /** What `prepare` started beside the server that must stop with it, before the connections close. */
  closers?: (prepared: D) => Closer[];
}

interface DatabaseParts {
  config: StartConfig & { DATABASE_URL: string; MIGRATE_AT_START: boolean };
  database: { migrationsDir: string; poolSize?: number };
  /**
   * The events this service consumes (EVENT_SUBSCRIBERS): every one must have a handler. Handlers that need the
   * service's connections (Redis, to mark cached answers stale) are built from them.
   */
  consumes?: {
    service: TServiceName;
    handlers: EventHandlers | ((context: DatabaseServiceContext) => EventHandlers);
    /** Where the secret fields of the events that have some are fetched (fetchEventSecretsFrom their publisher). */
    fetchSecrets?: EventSecretsFetcher;
  };
}

/**
 * Starts a service the one way every service starts: logger, then (for a service with a database) the database
 * outside production, the pool and its migrations (or the wait for them), Redis, the outbox relay and its reconciler, and the event consumer
 * of the events it subscribes to, then `prepare`, the app and the listener. On SIGTERM it stops accepting, finishes in-flight
 * requests, and closes what it opened in reverse order.
 */
export async function startService<D = undefined>(
  options: ServiceParts<DatabaseServiceContext, D> & DatabaseParts,
): Promise<RunningService>;
export async function startService<D = undefined>(
  options: ServiceParts<ServiceContext, D> & { config: StartConfig; database?: undefined; consumes?: undefined },
): Promise<RunningService>;
export async function startService<D>(
  options:
    | (ServiceParts<DatabaseServiceContext, D> & DatabaseParts)
    | (ServiceParts<ServiceContext, D> & { config: StartConfig; database?: undefined; consumes?: undefined }),
): Promise<RunningService> {
  const { config, name } = options;
  const logger = createLogger(name, config.LOG_LEVEL);
  const tracing = startTracing({ service: name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const closers: Closer[] = [];
  const databaseUrl = (config as Partial<DatabaseParts['config']>).DATABASE_URL;
  let pool: pg.Pool | undefined;
  if (options.database && databaseUrl) {
    if (usesDevelopmentDefaults(config)) await ensureDatabase(databaseUrl);
    pool = createPool(databaseUrl, options.database.poolSize ?? 10);
    // Either this process migrates, or the release's migrate command does and it waits (docs/deployment.md#migrations).
    if (options.config.MIGRATE_AT_START) await migrate(pool, options.database.migrationsDir, logger);
    else await waitForMigrations(pool, options.database.migrationsDir, logger);
  }
  // The app's connection serves request paths and /readyz: its commands fail fast while Redis is away. The relay and
  // the consumer open connections of their own.
  const redis = createRequestRedis(config.REDIS_URL, { autoPipelining: true });
  const context = { logger, redis, pool } as DatabaseServiceContext;
  if (pool) {
    const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, logger });
    const reconciler = startReconciler({ pool, redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, logger });
    const eventMetrics = registerEventMetrics({
      pool,
      redisUrl: config.REDIS_URL,
      prefix: config.REDIS_KEY_PREFIX,
      logger,
      consumes: options.consumes?.service,
    });
    closers.push(
      () => relay.stop(),
      () => reconciler.stop(),
      () => eventMetrics.close(),
    );
    if (options.consumes) {
      const { handlers } = options.consumes;
      const consumer = startConsumer({
        service: options.consumes.service,
        pool,
        redisUrl: config.REDIS_URL,
        prefix: config.REDIS_KEY_PREFIX,
        logger,
        handlers: typeof handlers === 'function' ? handlers(context) : handlers,
        fetchSecrets: options.consumes.fetchSecrets,
      });
      closers.unshift(() => consumer.close());
    }
  }
  const parts = options as ServiceParts<DatabaseServiceContext, D>;
  const prepared = (await parts.prepare?.(context)) as D;
  closers.unshift(...(parts.closers?.(prepared) ?? []));
  const openPool = pool;
  // Apart from the API's port: nothing routed to the API reaches it (docs/operations.md#metrics).
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer({ name, host: config.HOST, port: config.METRICS_PORT, logger });
    closers.push(() => metrics.close());
  }
  return runService({
    name,
    app: parts.app(context, prepared),
    host: config.HOST,
    port: config.PORT,
    logger,
    onClose: [...closers, ...(openPool ? [() => openPool.end()] : []), () => redis.quit(), () => tracing.shutdown()],
  });
}

/** The migrations folder of the service whose main.ts calls this (`<service>/migrations`). */
export function migrationsBeside(mainUrl: string): string {
  return fileURLToPath(new URL('../migrations', mainUrl));
}
