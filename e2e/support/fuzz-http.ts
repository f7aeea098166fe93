/**
 * Sends the fuzz test's requests with node:http (fetch would refuse or rewrite much of the junk) and judges
 * each answer: never a 5xx, always a JSON envelope whose status is the HTTP status (an error envelope, or a
 * success envelope of the operation's response schema where the input happened to be acceptable; for a download, the
 * file the operation declares).
 */
import http from 'node:http';
import { ZErrorEnvelopeSchema, ZFieldErrorSchema, type TOperation } from '@sh/shared/contract';
import type { FuzzCase } from './fuzz-inputs.js';
import type { FuzzTarget } from './fuzz-targets.js';

export interface Destination {
  host: string;
  port: number;
  /** The address to send from (the gateway counts its budgets per client address). */
  localAddress?: string;
  agent: http.Agent;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** Set when no answer came: connection refused or reset, timeout. */
  error?: string;
}

const TIMEOUT_MS = 20_000;
const MAX_ANSWER_BYTES = 1_000_000;

/** Sends one request and waits for its whole answer. */
export function send(destination: Destination, c: FuzzCase): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let request: http.ClientRequest;
    try {
      request = http.request({
        host: destination.host,
        port: destination.port,
        localAddress: destination.localAddress,
        agent: destination.agent,
        method: c.method,
        path: c.path,
        headers: { ...c.headers, ...(c.body ? { 'content-length': String(c.body.length) } : {}) },
        timeout: TIMEOUT_MS,
      });
    } catch (error) {
      finish({
        status: 0,
        contentType: '',
        text: '',
        error: `the request could not be made: ${(error as Error).message}`,
      });
      return;
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      response.on('end', () =>
        finish({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', (error) =>
        finish({ status: response.statusCode ?? 0, contentType: '', text: '', error: `answer cut: ${error.message}` }),
      );
    });
    request.on('timeout', () => {
      request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`));
    });
    // A server may answer (a 413, say) before it has read a large body and close the connection; the answer
    // has normally arrived by then, and an error after it changes nothing.
    request.on('error', (error) => finish({ status: 0, contentType: '', text: '', error: error.message }));
    request.end(c.body);
  });
}

const ZStrictErrorEnvelope = ZErrorEnvelopeSchema.extend({
  errors: ZFieldErrorSchema.strict().array().optional(),
}).strict();

export type Problem =
  | '5xx'
  | 'no answer'
  | 'not JSON'
  | 'status differs from body.status'
  | 'not an error envelope'
  | 'not a success envelope'
  | 'a part unavailable'
  | 'not the declared download'
  | 'unexpected status';

/**
 * What is wrong with an answer, or null when it is an envelope as the contract says. The one answer without a
 * body that HTTP itself prescribes is accepted: 304 Not Modified to a conditional GET (If-None-Match: * matches
 * any representation). A composed answer (the admin's data, from several services) that names a part
 * `unavailable` is a 5xx in disguise: every service is up while the fuzz runs, so the input broke the one behind it.
 */
export function problemWith(target: FuzzTarget, c: FuzzCase, answer: Answer): Problem | null {
  if (answer.error && answer.status === 0) return 'no answer';
  if (answer.status >= 500) return '5xx';
  const isConditional =
    c.method === 'GET' &&
    Object.keys(c.headers).some((name) => name === 'if-none-match' || name === 'if-modified-since');
  if (answer.status === 304 && isConditional && answer.text === '') return null;
  const download = target.operation.download;
  if (download && answer.status === (target.operation.successStatus ?? 200)) return downloadProblem(download, answer);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'not JSON';
  }
  if (!/^application\/json\b/i.test(answer.contentType)) return 'not JSON';
  if (typeof body !== 'object' || body === null || (body as { status?: unknown }).status !== answer.status)
    return 'status differs from body.status';
  if (answer.status >= 400) return ZStrictErrorEnvelope.safeParse(body).success ? null : 'not an error envelope';
  if (answer.status >= 200 && answer.status < 300) {
    const isExpected =
      answer.status === (target.operation.successStatus ?? 200) && target.operation.response.safeParse(body).success;
    if (!isExpected) return 'not a success envelope';
    const unavailable = (body as { data?: { unavailable?: unknown } }).data?.unavailable;
    return Array.isArray(unavailable) && unavailable.length > 0 ? 'a part unavailable' : null;
  }
  return 'unexpected status';
}

/**
 * A download's success (the garage's export), which the guards keep the fuzz from asking for with a valid token but
 * which input the server reads otherwise than they do could still reach: a file of one of the media types the
 * operation declares, and a JSON one that its schema parses.
 */
function downloadProblem(download: NonNullable<TOperation['download']>, answer: Answer): Problem | null {
  const type = Object.keys(download).find((name) => answer.contentType.toLowerCase().startsWith(name));
  if (type === undefined) return 'not the declared download';
  if (!/json/.test(type)) return null;
  try {
    return download[type]!.safeParse(JSON.parse(answer.text)).success ? null : 'not the declared download';
  } catch {
    return 'not the declared download';
  }
}

/** Runs `work` over the items, at most `limit` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** A request as a person reading a failure needs it: the junk shown with escapes, long parts cut. */
export function describeCase(c: FuzzCase): Record<string, unknown> {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
  return {
    kind: c.kind,
    request: `${c.method} ${cut(c.path, 300)}`,
    headers: Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, cut(JSON.stringify(v), 200)])),
    ...(c.body ? { bodyBytes: c.body.length, body: cut(JSON.stringify(c.body.toString('utf8')), 400) } : {}),
  };
}
