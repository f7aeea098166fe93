/**
 * Prometheus metrics (docs/operations.md#metrics): one registry per process, served on its own port (METRICS_PORT),
 * which no Service in front of the gateway and no route of the gateway reaches. Labels are route templates, event
 * names, queue names and sources: never a raw path, a registration, an e-mail or an id.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import { RequestHistogram } from './request-histogram.js';

/** Every metric of this process. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Requests by method, route template and status: their rate (`_count`) and their latency (request-histogram.ts). */
export const httpRequestDuration = new RequestHistogram(
  'http_request_duration_seconds',
  'Requests answered, by method, route template and status, and how long each took.',
  metricsRegistry,
);

/** Events this service's relay published from its outbox, by event name. */
export const eventsPublished = new Counter({
  name: 'events_published_total',
  help: "Events the outbox relay published to their subscribers' queues, by event name.",
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

/** Events this service's consumer handled, by event name and outcome (applied, duplicate, failed). */
export const eventsConsumed = new Counter({
  name: 'events_consumed_total',
  help: 'Events the consumer handled, by event name and outcome (applied, duplicate, failed).',
  labelNames: ['event', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * A counter of this process's registry, made once: a second call with the same name answers the first one's (a
 * service's module may be loaded again by a test), so no count is lost.
 */
export function registerCounter<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
}): Counter<L> {
  const existing = metricsRegistry.getSingleMetric(options.name);
  if (existing) return existing as Counter<L>;
  return new Counter<L>({ ...options, registers: [metricsRegistry] });
}

/** The label a request without a route of its own (a 404, the SPA's files) is counted under. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE_TEMPLATE = Symbol('route template');
type RoutedRequest = IncomingMessage & {
  [ROUTE_TEMPLATE]?: string;
  route?: { path?: unknown };
  baseUrl?: string;
};

/** Names the route a request is counted and traced under, when express's own route does not say it (the gateway's). */
export function setRouteTemplate(req: IncomingMessage, template: string): void {
  (req as RoutedRequest)[ROUTE_TEMPLATE] = template;
}

/** The template of the route that answered: the one set, express's matched route, or UNMATCHED_ROUTE. */
export function routeTemplateOf(req: IncomingMessage): string {
  const routed = req as RoutedRequest;
  const set = routed[ROUTE_TEMPLATE];
  if (set !== undefined) return set;
  const path = routed.route?.path;
  return typeof path === 'string' ? `${routed.baseUrl ?? ''}${path}` : UNMATCHED_ROUTE;
}

/**
 * A gauge read when Prometheus scrapes: `collect` sets its values then (a count in Postgres, a queue's depth). A
 * failing read leaves the gauge without values for that scrape rather than failing the scrape.
 */
export function registerScrapeGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames?: readonly L[];
  collect: (gauge: Gauge<L>) => Promise<void>;
  logger?: Logger;
}): Gauge<L> {
  const existing = metricsRegistry.getSingleMetric(options.name);
  if (existing) metricsRegistry.removeSingleMetric(options.name);
  return new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      await options.collect(this).catch((error: unknown) => {
        options.logger?.warn({ err: error, metric: options.name }, 'a metric could not be read');
      });
    },
  });
}

export interface MetricsServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Serves GET /metrics (the registry, in Prometheus' text format) on its own port; anything else is a 404. */
export async function startMetricsServer(options: {
  name: string;
  host: string;
  port: number;
  logger: Logger;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.statusCode = 404;
      res.end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.setHeader('content-type', metricsRegistry.contentType);
        res.end(text);
      },
      (error: unknown) => {
        options.logger.warn({ err: error }, 'metrics could not be gathered');
        res.statusCode = 500;
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ host: options.host, port }, `${options.name} metrics listening`);
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
