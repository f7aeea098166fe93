import { request, type Agent, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastPathRequest } from './fast-path.js';
import { acceptsBrotli, matchesEtag, serviceLookupAnswerHeaders } from './answer.js';
import { lookupAnswersNamespace, sharedAnswerKeyOf } from './keys.js';
import { representationOf } from './stored-answer.js';

/** What counting a lookup on the fast path came to: a spent budget (answered already), or what was read beside it. */
export type LookupCounted = { spent: true } | { spent: false; read: Buffer | null };

/**
 * Counts one lookup against its client's lookup budget, and reads the key `alsoRead` in the same call to Redis
 * (countAndRead). A spent budget is answered there, with the 429. Otherwise the RateLimit headers are set and what the
 * key holds is given back: null when it holds nothing, or when Redis did not answer (then the lookup passes uncounted).
 */
export type FastPathLookupBudget = (
  req: IncomingMessage,
  res: ServerResponse,
  alsoRead: string,
) => Promise<LookupCounted>;

/** Headers of a hop, or of one answer only, that the gateway does not pass on from records' answer to a lookup. */
const NOT_REPEATED = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'x-request-id',
  'content-length',
  'set-cookie',
];

/** An answer to a lookup, published by records or given by it. */
interface UpstreamAnswer {
  body: Buffer;
  status: number;
  headers: [string, string | string[]][];
  etag: string | undefined;
}

/**
 * Asks the records service for a lookup on `agent`'s kept-alive connections, and reads its whole (small) answer. The
 * forwarded headers are appended to as the gateway's proxies append to them (http-proxy's xfwd).
 */
function askRecords(
  recordsUrl: URL,
  agent: Agent,
  req: FastPathRequest,
  timeoutMs: number,
  notRepeated: ReadonlySet<string>,
): Promise<UpstreamAnswer> {
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
      {
        hostname: recordsUrl.hostname,
        port: recordsUrl.port,
        path: req.url,
        method: 'GET',
        headers,
        agent,
        timeout: timeoutMs,
      },
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
          resolve({
            status: answer.statusCode ?? 502,
            headers: kept,
            etag: typeof etag === 'string' ? etag : undefined,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    upstream.on('timeout', () =>
      upstream.destroy(Object.assign(new Error('records did not answer in time'), { code: 'ETIMEDOUT' })),
    );
    upstream.on('error', reject);
    upstream.end();
  });
}

/** Answers one plainly spelt lookup (see plainLookupRegistration) for the registration it names. */
export type LookupAnswerer = (req: FastPathRequest, res: ServerResponse, registration: string) => void;

/** Where createLookupAnswerer asks records, and how it budgets, times and answers. */
export interface LookupAnswererOptions {
  recordsUrl: string;
  prefix: string;
  budget: FastPathLookupBudget;
  timeoutMs: number;
  gatewayHeaders: readonly string[];
  agent: Agent;
  answerFailure: (error: NodeJS.ErrnoException, res: ServerResponse, req: FastPathRequest) => void;
}

/**
 * The public lookup answered from the answer the records service published in Redis (published-answers.ts), with the
 * answer's own headers as records sends them. The published answer is read in the same call to Redis that counts
 * the client's lookup budget (`budget`), and records is not asked. Records publishes every answer it builds and a
 * write deletes its vehicle's, so only a lookup of a vehicle nobody looked up since its last write (or a day, or Redis
 * away) asks records, on `agent`, whose answer is passed on as it came but for `gatewayHeaders` (the gateway's own
 * security headers); its failure to answer is answered by `answerFailure`. A published answer is sent as it is
 * stored, brotli-compressed, to a visitor whose Accept-Encoding accepts br, and decoded to any other, each with its own
 * ETag and length (stored-answer.ts). A 304 goes to a visitor whose If-None-Match names the answer it would be sent;
 * a HEAD is answered as a GET, without the body.
 */
export function createLookupAnswerer(options: LookupAnswererOptions): LookupAnswerer {
  const recordsUrl = new URL(options.recordsUrl);
  const notRepeated = new Set([...NOT_REPEATED, ...options.gatewayHeaders]);
  const namespace = lookupAnswersNamespace(options.prefix);
  const answerOf = async (
    req: FastPathRequest,
    res: ServerResponse,
    registration: string,
  ): Promise<UpstreamAnswer | null> => {
    const counted = await options.budget(req, res, sharedAnswerKeyOf(namespace, registration));
    if (counted.spent) return null;
    const published = counted.read && representationOf(counted.read, acceptsBrotli(req.headers['accept-encoding']));
    if (!published) return askRecords(recordsUrl, options.agent, req, options.timeoutMs, notRepeated);
    const { etag, body, brotli } = published;
    return { status: 200, headers: serviceLookupAnswerHeaders(etag, brotli), etag, body };
  };
  return (req, res, registration) => {
    answerOf(req, res, registration).then(
      (answer) => {
        if (!answer) return; // the budget was spent, and the budget answered
        for (const [name, value] of answer.headers) res.setHeader(name, value);
        if (
          answer.status === 200 &&
          answer.etag !== undefined &&
          matchesEtag(req.headers['if-none-match'], answer.etag)
        ) {
          res.removeHeader('content-type');
          res.removeHeader('content-encoding');
          res.statusCode = 304;
          res.end();
          return;
        }
        res.statusCode = answer.status;
        res.setHeader('content-length', answer.body.length);
        res.end(answer.body);
      },
      (error: NodeJS.ErrnoException) => options.answerFailure(error, res, req),
    );
  };
}
