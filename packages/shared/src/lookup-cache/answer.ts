import { createHash } from 'node:crypto';

/** One lookup's answer, serialised once: the envelope's bytes and their strong ETag. */
export interface LookupAnswer {
  body: Buffer;
  etag: string;
}

/** Serialises the envelope once and names it by its bytes. */
export function serialiseLookupAnswer(serviceRecords: unknown[]): LookupAnswer {
  const body = Buffer.from(JSON.stringify({ status: 200, data: { serviceRecords } }));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** The answer of a registration without a public record: never published, so made-up registrations cannot fill Redis. */
export const NO_HISTORY_ETAG = serialiseLookupAnswer([]).etag;

/** The lookup's answer's own headers as a service sends them, beside its security headers, ETag, length and request id. */
export const LOOKUP_ANSWER_HEADERS = {
  cacheControl: 'public, no-cache',
  contentType: 'application/json; charset=utf-8',
} as const;

const LOOKUP_ANSWER_HEADER_PAIRS: readonly [string, string][] = [
  ['cache-control', LOOKUP_ANSWER_HEADERS.cacheControl],
  ['content-type', LOOKUP_ANSWER_HEADERS.contentType],
];

/**
 * The headers of a lookup answer of this ETag that are the answer's own, for the gateway's copy of a service's
 * answer: not the security headers, which the gateway sets itself on every answer, nor its length and request id.
 */
export function serviceLookupAnswerHeaders(etag: string): [string, string][] {
  return [...LOOKUP_ANSWER_HEADER_PAIRS, ['etag', etag]];
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
