import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { httpRequestDuration, routeTemplateOf, setRouteTemplate } from './metrics.js';
import { endRequestSpan, runInRequestSpan } from './tracing.js';

export type { Logger };

/** The process logger of one service; passwords, tokens and cookies are redacted wherever they appear. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
  });
}

/** A request's path without its query (which may carry a token), as express's req.path gives it. */
function pathWithoutQuery(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Where a request keeps the logger its child is made from, and the child once made (see requestContext). */
const PARENT_LOGGER = Symbol('request parent logger');
const CHILD_LOGGER = Symbol('request child logger');
type LoggedRequest = IncomingMessage & {
  id: string;
  log: Logger;
  path?: string;
  [PARENT_LOGGER]?: Logger;
  [CHILD_LOGGER]?: Logger;
};

/**
 * `req.log`, made on first use from the logger requestContext left on the request. Defined once, on node's request
 * prototype (express's requests inherit from it), rather than on each request: defining an accessor on every request
 * object was, measured, a fifth or more of the gateway's CPU time per lookup (bench/README.md). Undefined on a
 * request that did not pass requestContext, as a plain property would be.
 */
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest) {
    const parent = this[PARENT_LOGGER];
    return parent && (this[CHILD_LOGGER] ??= parent.child({ reqId: this.id }));
  },
  set(this: LoggedRequest, replacement: Logger) {
    this[CHILD_LOGGER] = replacement;
  },
});

/**
 * Gives each request an id (kept from x-request-id when well formed) and a child logger; logs the outcome. The child
 * is made when first used: a request that logs nothing (every one, at LOG_LEVEL=warn, that succeeds) costs none.
 * Counts the request in http_request_duration_seconds by its route template (`route` when given: a fast path's), and
 * runs it in its trace span while tracing is on, continuing the caller's trace unless `isEdge` (the gateway's:
 * docs/operations.md#metrics, #traces).
 */
export function requestContext(logger: Logger, options: { route?: string; isEdge?: boolean } = {}) {
  const fixedRoute = options.route;
  const isEdge = options.isEdge === true;
  // Typed on node's request and response: it runs in express's chain and on the gateway's fast path (the public lookup).
  return (incoming: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const req = incoming as LoggedRequest;
    const sent = req.headers['x-request-id'];
    const id = typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    req.id = id;
    req[PARENT_LOGGER] = logger;
    res.setHeader('x-request-id', id);
    if (fixedRoute !== undefined) setRouteTemplate(req, fixedRoute);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeTemplateOf(req);
      httpRequestDuration.observe(req.method ?? '', route, res.statusCode, ms / 1000);
      endRequestSpan(req, res, route);
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!(req[CHILD_LOGGER] ?? logger).isLevelEnabled(level)) return;
      req.log[level](
        {
          method: req.method,
          path: req.path ?? pathWithoutQuery(req.url ?? ''),
          status: res.statusCode,
          ms: Math.round(ms),
        },
        'request',
      );
    });
    runInRequestSpan(req, next, isEdge);
  };
}
