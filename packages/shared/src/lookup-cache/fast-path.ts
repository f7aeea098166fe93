import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { answerError } from '../server/errors.js';

/**
 * The gateway's fast path: the public lookup, plainly spelt, answered before express is entered. Express swaps the
 * prototypes of every request and response it handles and runs its router: with the request context, about two
 * thirds of the gateway's time per lookup (README.md beside this file). The fast path answers on node's own request
 * and response instead, with the same headers, request id and error answers (answerError) as through the app; every
 * other request is left to the app.
 */

/** A fast path in front of an app: answers whether it took the request. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The listener the HTTP server runs: `fastPath` answers what it takes, the app the rest. */
export function withFastPath(app: RequestListener, fastPath: FastPath): RequestListener {
  return (req, res) => {
    if (!fastPath(req, res)) app(req, res);
  };
}

/**
 * The headers a middleware that only sets fixed headers (helmet) sets on every answer, read once by running it on a
 * stand-in response, so that the fast path can set them without running it.
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
 * The registration of a lookup whose path is spelled plainly (/api/v1/service-records/lookup/ and letters and
 * digits only: no encoding, query or other path), upper-cased as records normalises it; null for anything else,
 * which the app answers as it would any request. Linear in the path's length.
 */
export function plainLookupRegistration(originalUrl: string): string | null {
  const prefix = '/api/v1/service-records/lookup/';
  if (
    !originalUrl.startsWith(prefix) ||
    originalUrl.length === prefix.length ||
    originalUrl.length > prefix.length + 16
  )
    return null;
  for (let i = prefix.length; i < originalUrl.length; i += 1) {
    const c = originalUrl.charCodeAt(i);
    const isAlphanumeric = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!isAlphanumeric) return null;
  }
  return originalUrl.slice(prefix.length).toUpperCase();
}

/** A step the fast path runs as the app's chain would: node's request and response, and what to do next. */
export type FastPathStep = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A request on the fast path, once its request context has run. */
export type FastPathRequest = IncomingMessage & { id: string; log: Logger };

/**
 * The fast path of the public lookup, plainly spelt (plainLookupRegistration), a GET or a HEAD: the app's fixed security headers, its
 * request context (id and logger), then `answer` (the gateway's budget and answer); an error on the way is answered
 * as the app's error middleware would. Every other request, any other spelling of a lookup included, is left to the
 * app, which answers it the same way.
 */
export function plainLookupFastPath(parts: {
  securityHeaders: readonly (readonly [string, string])[];
  requestContext: FastPathStep;
  answer: (req: FastPathRequest, res: ServerResponse, registration: string) => void;
}): FastPath {
  const { securityHeaders, requestContext, answer } = parts;
  return (req, res) => {
    const registration =
      (req.method === 'GET' || req.method === 'HEAD') && req.url !== undefined
        ? plainLookupRegistration(req.url)
        : null;
    if (registration === null) return false;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    requestContext(req, res, (error?: unknown) =>
      error ? answerError(req, res, error) : answer(req as FastPathRequest, res, registration),
    );
    return true;
  };
}
