import { Agent, request, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { MESSAGES } from '@sh/shared/contract';
import {
  decodeSharedAnswer,
  errorEnvelope,
  lookupAnswersNamespace,
  matchesEtag,
  serviceLookupAnswerHeaders,
  sharedAnswerKeyOf,
  type AheadRequest,
  type Logger,
} from '@sh/shared/server';
import type { UpstreamName } from '../domain/routing.js';
import type { LookupBudgetAhead } from './rate-limits.js';

/** Codes of a peer that is not there at all: the service is stopped or not deployed. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ECONNRESET']);

function answerUpstreamError(error: NodeJS.ErrnoException, res: ServerResponse | Socket, req: IncomingMessage & { log?: Logger }): void {
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

/** Headers of a hop, or of one answer only, that the gateway does not pass on from records' answer to a lookup. */
const NOT_REPEATED = ['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'content-length', 'set-cookie'];

/** An answer to a lookup, published by records or given by it. */
interface UpstreamAnswer {
  body: Buffer;
  status: number;
  headers: [string, string | string[]][];
  etag: string | undefined;
}

/**
 * Asks the records service for a lookup on the kept-alive connections, and reads its whole (small) answer. The
 * forwarded headers are appended to as the gateway's proxies append to them (http-proxy's xfwd).
 */
function askRecords(recordsUrl: URL, req: AheadRequest, timeoutMs: number, notRepeated: ReadonlySet<string>): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const forwardedFor = req.headers['x-forwarded-for'];
    const forwardedProto = req.headers['x-forwarded-proto'];
    const remote = req.socket.remoteAddress ?? '';
    const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const headers: IncomingHttpHeaders = {
      'x-request-id': req.id,
      'x-forwarded-for': forwardedFor ? `${String(forwardedFor)},${remote}` : remote,
      'x-forwarded-proto': forwardedProto ? `${String(forwardedProto)},${protocol}` : protocol,
    };
    // Only what the visitor sent: a header without a value cannot be sent at all.
    if (req.headers.host !== undefined) {
      headers.host = req.headers.host;
      headers['x-forwarded-host'] = req.headers.host;
    }
    if (req.headers.accept !== undefined) headers.accept = req.headers.accept;
    const upstream = request(
      { hostname: recordsUrl.hostname, port: recordsUrl.port, path: req.url, method: 'GET', headers, agent: upstreamAgent, timeout: timeoutMs },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const kept: [string, string | string[]][] = [];
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !notRepeated.has(name)) kept.push([name, value]);
          }
          const etag = answer.headers.etag;
          resolve({ status: answer.statusCode ?? 502, headers: kept, etag: typeof etag === 'string' ? etag : undefined, body: Buffer.concat(chunks) });
        });
      },
    );
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('records did not answer in time'), { code: 'ETIMEDOUT' })));
    upstream.on('error', reject);
    upstream.end();
  });
}

/** Answers one plainly spelt lookup (see plainLookupRegistration) for the registration it names. */
export type LookupAnswerer = (req: AheadRequest, res: ServerResponse, registration: string) => void;

/**
 * The public lookup answered from the answer the records service published in Redis (shared-answers.ts), with the
 * answer's own headers as records sends them. The published answer is read in the same call to Redis that counts
 * the client's lookup budget (`budget`), and records is not asked. Records publishes every answer it builds and a
 * write deletes its vehicle's, so only a lookup of a vehicle nobody looked up since its last write (or a day, or Redis
 * away) asks records, whose answer is passed on as it came but for `gatewayHeaders` (see createUpstreamProxies). A
 * 304 goes to a visitor whose If-None-Match names the answer.
 */
export function createLookupAnswerer(options: {
  recordsUrl: string;
  prefix: string;
  budget: LookupBudgetAhead;
  timeoutMs: number;
  gatewayHeaders: readonly string[];
}): LookupAnswerer {
  const recordsUrl = new URL(options.recordsUrl);
  const notRepeated = new Set([...NOT_REPEATED, ...options.gatewayHeaders]);
  const namespace = lookupAnswersNamespace(options.prefix);
  const answerOf = async (req: AheadRequest, res: ServerResponse, registration: string): Promise<UpstreamAnswer | null> => {
    const counted = await options.budget(req, res, sharedAnswerKeyOf(namespace, registration));
    if (counted.spent) return null;
    const published = counted.read && decodeSharedAnswer(counted.read);
    if (!published) return askRecords(recordsUrl, req, options.timeoutMs, notRepeated);
    const { etag, body } = published;
    return { status: 200, headers: serviceLookupAnswerHeaders(etag), etag, body };
  };
  return (req, res, registration) => {
    answerOf(req, res, registration).then(
      (answer) => {
        if (!answer) return; // the budget was spent, and the budget answered
        for (const [name, value] of answer.headers) res.setHeader(name, value);
        if (answer.status === 200 && answer.etag !== undefined && matchesEtag(req.headers['if-none-match'], answer.etag)) {
          res.removeHeader('content-type');
          res.statusCode = 304;
          res.end();
          return;
        }
        res.statusCode = answer.status;
        res.setHeader('content-length', answer.body.length);
        res.end(answer.body);
      },
      (error: NodeJS.ErrnoException) => answerUpstreamError(error, res, req),
    );
  };
}

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
