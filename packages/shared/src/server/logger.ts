import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';

export type { Logger };

/** The process logger of one service; passwords, tokens and cookies are redacted wherever they appear. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization', 'req.headers.cookie', '*.access_token', '*.refresh_token'],
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

/**
 * Gives each request an id (kept from x-request-id when well formed) and a child logger; logs the outcome. The child
 * is made when first used: a request that logs nothing (every one, at LOG_LEVEL=warn, that succeeds) costs none.
 */
export function requestContext(logger: Logger) {
  // Typed on node's request and response: it runs in express's chain and ahead of it (the gateway's public lookup).
  return (incoming: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const req = incoming as IncomingMessage & { id: string; log: Logger; path?: string };
    const sent = req.headers['x-request-id'];
    const id = typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= logger.child({ reqId: id })),
      set: (replacement: Logger) => {
        child = replacement;
      },
    });
    res.setHeader('x-request-id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!(child ?? logger).isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log[level]({ method: req.method, path: req.path ?? pathWithoutQuery(req.url ?? ''), status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    next();
  };
}
