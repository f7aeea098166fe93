import { Agent, request, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { MESSAGES } from '@sh/shared/contract';
import { createVersionedAnswers, errorEnvelope, lookupAnswersNamespace, matchesEtag, type AheadRequest, type KeptAnswer, type Logger, type Redis } from '@sh/shared/server';
import type { UpstreamName } from '../domain/routing.js';

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

/** Headers of a hop, or of one answer only, that a kept answer does not repeat. */
const NOT_REPEATED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'content-length', 'set-cookie']);

/** The records service's answer to a lookup, as the gateway keeps it. */
interface UpstreamAnswer extends KeptAnswer {
  status: number;
  headers: [string, string | string[]][];
  etag: string | undefined;
}

/**
 * Asks the records service for a lookup on the kept-alive connections, and reads its whole (small) answer. The
 * forwarded headers are appended to as the gateway's proxies append to them (http-proxy's xfwd).
 */
function askRecords(recordsUrl: URL, req: AheadRequest, timeoutMs: number): Promise<UpstreamAnswer> {
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
            if (value !== undefined && !NOT_REPEATED.has(name)) kept.push([name, value]);
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
 * The public lookup answered from the gateway's own copies of the records service's answers while they are current
 * (createVersionedAnswers, under the versions records bumps on every write): a repeat lookup costs one Redis GET
 * and no call to records. A 304 goes to a visitor whose If-None-Match names the answer. Only a 200 with an ETag is
 * kept; any other answer of records is passed on as it came.
 */
export function createLookupAnswerer(options: { recordsUrl: string; redis: Redis; prefix: string; logger: Logger; timeoutMs: number; maxBytes?: number }): LookupAnswerer {
  const recordsUrl = new URL(options.recordsUrl);
  const answers = createVersionedAnswers<UpstreamAnswer>({
    redis: options.redis,
    namespace: lookupAnswersNamespace(options.prefix),
    logger: options.logger,
    maxBytes: options.maxBytes,
  });
  return (req, res, registration) => {
    answers
      .get(registration, async () => {
        const answer = await askRecords(recordsUrl, req, options.timeoutMs);
        return { answer, keep: answer.status === 200 && answer.etag !== undefined };
      })
      .then(
        (answer) => {
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
 * refuses the connection is a 503 envelope at once and one that does not answer in time a 504.
 */
export function createUpstreamProxies(
  targets: Partial<Record<UpstreamName, string>>,
  timeoutMs: number,
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
        error: (error, req, res) => answerUpstreamError(error as NodeJS.ErrnoException, res, req),
      },
    }) as unknown as RequestHandler;
  }
  return proxies;
}
