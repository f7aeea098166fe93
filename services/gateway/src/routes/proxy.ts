import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { MESSAGES } from '@sh/shared/contract';
import {
  createLookupAnswerer as createSharedLookupAnswerer,
  type LookupAnswerer,
  type LookupAnswererOptions,
} from '@sh/shared/lookup-cache';
import { errorEnvelope, traceHeaders, type Logger } from '@sh/shared/server';
import type { UpstreamName } from '../domain/routing.js';

/** Codes of a peer that is not there at all: the service is stopped or not deployed. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ECONNRESET']);

function answerUpstreamError(
  error: NodeJS.ErrnoException,
  res: ServerResponse | Socket,
  req: IncomingMessage & { log?: Logger },
): void {
  if (!('setHeader' in res) || res.headersSent) {
    res.destroy();
    return;
  }
  const isTimeout = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ESOCKETTIMEDOUT';
  const body = isTimeout
    ? errorEnvelope('gateway_timeout', MESSAGES.platform.badGateway)
    : UNAVAILABLE_CODES.has(error.code ?? '')
      ? errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable)
      : errorEnvelope('bad_gateway', MESSAGES.platform.badGateway);
  req.log?.warn({ code: error.code, status: body.status }, 'upstream failed');
  res.statusCode = body.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  if (body.status === 503) res.setHeader('Retry-After', '5');
  res.end(JSON.stringify(body));
}

// Connections to the services are kept open and reused instead of a new TCP handshake per request.
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });

/**
 * One proxy per service. The path is forwarded unchanged; the request id travels along; a peer that
 * refuses the connection is a 503 envelope at once and one that does not answer in time a 504. The headers named in
 * `gatewayHeaders` (its security headers) are the gateway's own on every answer: a service's are not passed on.
 */
export function createUpstreamProxies(
  targets: Partial<Record<UpstreamName, string>>,
  timeoutMs: number,
  gatewayHeaders: readonly string[],
): Partial<Record<UpstreamName, RequestHandler>> {
  const proxies: Partial<Record<UpstreamName, RequestHandler>> = {};
  const agent = upstreamAgent;
  for (const [name, target] of Object.entries(targets) as [UpstreamName, string | undefined][]) {
    if (!target) continue;
    proxies[name] = createProxyMiddleware<Request, ServerResponse>({
      target,
      agent,
      changeOrigin: false,
      xfwd: true,
      proxyTimeout: timeoutMs,
      timeout: timeoutMs,
      on: {
        proxyReq: (proxyReq: ClientRequest, req: Request) => {
          proxyReq.setHeader('x-request-id', req.id);
          proxyReq.removeHeader('x-internal-token');
          // The service's span is the child of the gateway's: a caller's own traceparent is not passed on as it came.
          proxyReq.removeHeader('traceparent');
          proxyReq.removeHeader('tracestate');
          for (const [name, value] of Object.entries(traceHeaders())) proxyReq.setHeader(name, value);
        },
        // Emitted before the answer's headers are copied onto the gateway's response.
        proxyRes: (proxyRes: IncomingMessage) => {
          for (const name of gatewayHeaders) delete proxyRes.headers[name];
        },
        error: (error, req, res) => answerUpstreamError(error as NodeJS.ErrnoException, res, req),
      },
    }) as unknown as RequestHandler;
  }
  return proxies;
}

/**
 * The public lookup answered from the answer records published (@sh/shared/lookup-cache, createLookupAnswerer), asking
 * records on the proxies' kept-alive connections when none is, and answering its failures as the proxies do.
 */
export function createLookupAnswerer(options: Omit<LookupAnswererOptions, 'agent' | 'answerFailure'>): LookupAnswerer {
  return createSharedLookupAnswerer({ ...options, agent: upstreamAgent, answerFailure: answerUpstreamError });
}
