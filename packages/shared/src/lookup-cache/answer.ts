import { hash } from 'node:crypto';

/** One lookup's answer, serialised once: the envelope's bytes and their strong ETag. */
export interface LookupAnswer {
  body: Buffer;
  etag: string;
}

/** The strong ETag of an answer's bytes as sent: `"` + base64url(SHA-1(bytes)) + `"`. */
export function etagOf(bytes: Buffer): string {
  return `"${hash('sha1', bytes, 'base64url')}"`;
}

/** Serialises the envelope once and names it by its bytes. */
export function serialiseLookupAnswer(serviceRecords: unknown[]): LookupAnswer {
  const body = Buffer.from(JSON.stringify({ status: 200, data: { serviceRecords } }));
  return { body, etag: etagOf(body) };
}

/** The answer of a registration without a public record: never published, so made-up registrations cannot fill Redis. */
export const NO_HISTORY_ETAG = serialiseLookupAnswer([]).etag;

/**
 * The lookup's answer's own headers as a service sends them, beside its security headers, ETag, length and request id.
 * Vary: the gateway sends a published answer brotli-compressed to a client that accepts it (README.md beside this
 * file, "Encoding"), so a shared cache must key the answer by Accept-Encoding; records sends it too, as the same URL's.
 */
export const LOOKUP_ANSWER_HEADERS = {
  cacheControl: 'public, no-cache',
  contentType: 'application/json; charset=utf-8',
  vary: 'Accept-Encoding',
} as const;

const LOOKUP_ANSWER_HEADER_PAIRS: readonly [string, string][] = [
  ['cache-control', LOOKUP_ANSWER_HEADERS.cacheControl],
  ['content-type', LOOKUP_ANSWER_HEADERS.contentType],
  ['vary', LOOKUP_ANSWER_HEADERS.vary],
];

/**
 * The headers of a lookup answer of this ETag that are the answer's own, for the gateway's copy of a service's
 * answer: not the security headers, which the gateway sets itself on every answer, nor its length and request id;
 * with `content-encoding: br` when the body sent is the brotli-compressed one.
 */
export function serviceLookupAnswerHeaders(etag: string, brotli = false): [string, string][] {
  const headers: [string, string][] = [...LOOKUP_ANSWER_HEADER_PAIRS, ['etag', etag]];
  if (brotli) headers.push(['content-encoding', 'br']);
  return headers;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and '*' included). Linear in its length. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * Whether an Accept-Encoding header accepts br: named with a q-value above 0 (none is 1), or, when br is not named,
 * '*' so. Absent, identity is sent (RFC 9110 would allow any coding; clients that send none, such as curl without
 * --compressed, expect none). Linear in its length.
 */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  let anyCoding = false;
  for (const entry of acceptEncoding.split(',')) {
    const semicolon = entry.indexOf(';');
    const coding = (semicolon === -1 ? entry : entry.slice(0, semicolon)).trim().toLowerCase();
    if (coding !== 'br' && coding !== '*') continue;
    const accepted = semicolon === -1 || qualityOf(entry.slice(semicolon + 1)) > 0;
    if (coding === 'br') return accepted;
    anyCoding = accepted;
  }
  return anyCoding;
}

/** The q-value among an Accept-Encoding entry's parameters: 1 when none is given, 0 when it is not a number. */
function qualityOf(parameters: string): number {
  for (const parameter of parameters.split(';')) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'q') continue;
    const value = parameter.slice(equals + 1).trim();
    const quality = value === '' ? Number.NaN : Number(value);
    return Number.isFinite(quality) ? quality : 0;
  }
  return 1;
}
