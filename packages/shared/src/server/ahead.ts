import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { answerError } from './errors.js';

/**
 * Answering a few hot requests ahead of express. Express swaps the prototypes of every request and response it
 * handles and runs its router: with the request context, about two thirds of the gateway's time per lookup answered
 * from memory (README, Benchmark). The public lookup, plainly spelt, is answered on node's own request and response
 * instead, with the same headers, request id and error answers (answerError) as through the app; every other request
 * is left to the app.
 */

/** A handler ahead of the app: answers whether it took the request. */
export type AheadHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The listener the HTTP server runs: `ahead` answers what it takes, the app the rest. */
export function answerAheadOf(app: RequestListener, ahead: AheadHandler): RequestListener {
  return (req, res) => {
    if (!ahead(req, res)) app(req, res);
  };
}

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
 * The registration of a lookup whose path is spelled plainly (/api/v1/service-records/lookup/ and letters and
 * digits only: no encoding, query or other path), upper-cased as records normalises it; null for anything else,
 * which the app answers as it would any request. Linear in the path's length.
 */
export function plainLookupRegistration(originalUrl: string): string | null {
  const prefix = '/api/v1/service-records/lookup/';
  if (!originalUrl.startsWith(prefix) || originalUrl.length === prefix.length || originalUrl.length > prefix.length + 16) return null;
  for (let i = prefix.length; i < originalUrl.length; i += 1) {
    const c = originalUrl.charCodeAt(i);
    const isAlphanumeric = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!isAlphanumeric) return null;
  }
  return originalUrl.slice(prefix.length).toUpperCase();
}

/** A step of the chain run ahead of express: node's request and response, and what to do next. */
export type AheadStep = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A request answered ahead of express, once its request context has run. */
export type AheadRequest = IncomingMessage & { id: string; log: Logger };

/**
 * The public lookup, plainly spelt (plainLookupRegistration), answered ahead of express: the app's fixed security
 * headers, its request context (id and logger), then `answer` (for the gateway, its budget and the answer); an error
 * on the way is answered as the app's error middleware would. Every other request, any other spelling of a lookup
 * included, is left to the app, which routes it to the same handlers.
 */
export function answerPlainLookupsAhead(parts: {
  securityHeaders: readonly (readonly [string, string])[];
  requestContext: AheadStep;
  answer: (req: AheadRequest, res: ServerResponse, registration: string) => void;
}): AheadHandler {
  const { securityHeaders, requestContext, answer } = parts;
  return (req, res) => {
    const registration = req.method === 'GET' && req.url !== undefined ? plainLookupRegistration(req.url) : null;
    if (registration === null) return false;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    requestContext(req, res, (error?: unknown) => (error ? answerError(req, res, error) : answer(req as AheadRequest, res, registration)));
    return true;
  };
}
