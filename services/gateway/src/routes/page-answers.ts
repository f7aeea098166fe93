import type { Request } from 'express';
import type { OperationMatch, OperationTable } from '@sh/shared/contract';
import {
  decodeSharedAnswer,
  lookupAnswersNamespace,
  plainLookupRegistration,
  sharedAnswerKeyOf,
} from '@sh/shared/lookup-cache';
import { traceHeaders, type Logger } from '@sh/shared/server';
import { isForbiddenPath } from '../domain/routing.js';
import type { PageAnswerFetcher } from './web.js';

/** An answer larger than this is not rendered with: the browser asks for it itself. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * Whether a call's path parameters, decoded, are what the contract's schema for them takes (a registration, a VIN, a
 * slug): a page's parameter is checked before anything is asked with it, as the service would check it.
 */
function hasValidParams(match: OperationMatch): boolean {
  const schema = match.operation.pathParams;
  if (!schema) return true;
  try {
    const params = Object.entries(match.params).map(([name, value]) => [name, decodeURIComponent(value)]);
    return schema.safeParse(Object.fromEntries(params)).success;
  } catch {
    return false; // a malformed escape
  }
}

/**
 * How the gateway asks for a page's public answer (routes/web.ts; docs/architecture.md#web-delivery): the API path
 * is matched as the browser's call would be, and only a public GET on the general or the lookup budget, its path's
 * parameters what the contract's schema takes (hasValidParams), is asked,
 * counted against the visitor's budget as that call would have been (`spends`: a spent budget, no answer). A lookup
 * plainly spelt is answered from the answer records published in Redis, read in the same call that counts it, as on
 * the lookup's fast path (@sh/shared/lookup-cache); anything else is asked at the service that owns it, for the
 * visitor (its address in X-Forwarded-For, the request's id). Anything but a 200 with JSON, a spent budget, a service
 * away or slow: no answer, and the page is rendered as before, for the browser to ask.
 */
export function pageAnswerFetcher(deps: {
  table: OperationTable;
  upstreams: Partial<Record<string, string>>;
  timeoutMs: number;
  /** REDIS_KEY_PREFIX, under which records publishes the lookup's answers. */
  prefix: string;
  spends: (
    req: Request,
    budget: 'general' | 'lookup',
    alsoRead?: string,
  ) => Promise<{ within: boolean; read: Buffer | null }>;
  logger: Logger;
}): PageAnswerFetcher {
  const answers = lookupAnswersNamespace(deps.prefix);
  return async (req, apiPath) => {
    const url = `/api/v1/${apiPath}`;
    const match = deps.table.match('GET', url);
    const budget = match?.operation.budget;
    if (!match || match.operation.auth !== 'public' || (budget !== 'general' && budget !== 'lookup')) return undefined;
    if (isForbiddenPath(url) || !hasValidParams(match)) return undefined;
    const upstream = deps.upstreams[match.operation.service];
    const registration = budget === 'lookup' ? plainLookupRegistration(url) : null;
    const counted = await deps.spends(req, budget, registration ? sharedAnswerKeyOf(answers, registration) : undefined);
    if (!counted.within) return undefined;
    const published = counted.read && decodeSharedAnswer(counted.read);
    if (published) return JSON.parse(published.body.toString('utf8')) as unknown;
    if (!upstream) return undefined;
    try {
      const answer = await fetch(`${upstream}${match.forwardedUrl}`, {
        headers: {
          accept: 'application/json',
          'x-forwarded-for': req.ip ?? '',
          'x-request-id': String(req.id),
          ...traceHeaders(),
        },
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      const length = Number(answer.headers.get('content-length') ?? 0);
      const isJson = answer.headers.get('content-type')?.startsWith('application/json') ?? false;
      if (answer.status !== 200 || !isJson || length > MAX_ANSWER_BYTES) {
        await answer.body?.cancel();
        return undefined;
      }
      const text = await answer.text();
      return text.length > MAX_ANSWER_BYTES ? undefined : (JSON.parse(text) as unknown);
    } catch (error) {
      deps.logger.warn(
        { err: error, apiPath },
        "a page's answer could not be had; the page is sent for the browser to ask",
      );
      return undefined;
    }
  };
}
