import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { MESSAGES } from '@sh/shared/contract';
import { errorEnvelope, type Logger } from '@sh/shared/server';
import { plainLookupRegistration, type LookupAnswerer, type LookupRequest } from './proxy.js';

/**
 * The headers a middleware that only sets fixed headers (helmet) sets on every answer, read once by running it on a
 * stand-in response, so that the hot path can set them without running it.
 */
export function headersSetBy(middleware: RequestHandler): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>();
  const standIn = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let nextCalled = false;
  void middleware({ headers: {}, method: 'GET', url: '/' } as never, standIn as never, () => {
    nextCalled = true;
  });
  if (!nextCalled) throw new Error('headersSetBy: the middleware did not finish at once, so its headers are not fixed');
  return [...headers];
}

/** Where a lookup answered ahead of express goes after its request context, budget and answer. */
type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The public lookup, plainly spelt (see plainLookupRegistration), answered ahead of express: the fixed security
 * headers, the request id, the lookup budget and the kept answers, the same handlers the chain would run, and
 * nothing else. Answers whether it took the request; every other request, including any other spelling of a lookup,
 * is left to express. Express is not entered at all for these: its request and response prototypes, swapped in for
 * every request it handles, cost the gateway more than half its time per lookup answered from memory (README,
 * Benchmark).
 */
export function answerPlainLookupsAhead(parts: {
  securityHeaders: readonly (readonly [string, string])[];
  requestContext: NodeHandler;
  limit: RequestHandler;
  answer: LookupAnswerer;
  /** The client's address as express's req.ip gives it under the app's trust-proxy setting: the budget's key. */
  clientIp: (req: IncomingMessage) => string | undefined;
  logger: Logger;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { securityHeaders, requestContext, limit, answer, clientIp, logger } = parts;
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    ((req as LookupRequest).log ?? logger).error({ err: error }, 'lookup failed ahead of the chain');
    if (res.headersSent) {
      res.end();
      return;
    }
    const body = errorEnvelope('internal', MESSAGES.platform.internal);
    res.statusCode = body.status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };
  return (req, res) => {
    const registration = req.method === 'GET' && req.url !== undefined ? plainLookupRegistration(req.url) : null;
    if (registration === null) return false;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    (req as IncomingMessage & { ip?: string }).ip = clientIp(req);
    requestContext(req, res, (error?: unknown) => {
      if (error) return failed(req, res, error);
      limit(req as never, res as never, (limitError?: unknown) => (limitError ? failed(req, res, limitError) : answer(req as LookupRequest, res, registration)));
    });
    return true;
  };
}
