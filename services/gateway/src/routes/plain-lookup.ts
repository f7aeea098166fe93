import type { RequestHandler, Response } from 'express';
import { plainLookupRegistration, type LookupAnswerer } from './proxy.js';

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

/**
 * The public lookup, plainly spelt (see plainLookupRegistration), answered ahead of the gateway's chain: the fixed
 * security headers, the request id, the lookup budget and the kept answers, the same handlers the chain would run,
 * and nothing else. Every other request, including any other spelling of a lookup, goes on to the chain.
 */
export function plainLookupFirst(parts: {
  securityHeaders: readonly (readonly [string, string])[];
  requestContext: RequestHandler;
  limit: RequestHandler;
  answer: LookupAnswerer;
}): RequestHandler {
  const { securityHeaders, requestContext, limit, answer } = parts;
  const setSecurityHeaders = (res: Response) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
  };
  return (req, res, next) => {
    const registration = req.method === 'GET' ? plainLookupRegistration(req.url) : null;
    if (registration === null) return next();
    setSecurityHeaders(res);
    requestContext(req, res, (error?: unknown) => {
      if (error) return next(error);
      limit(req, res, (limitError?: unknown) => (limitError ? next(limitError) : answer(req, res, registration)));
    });
  };
}
