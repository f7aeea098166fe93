import type { Request } from 'express';
import type { OperationTable } from '@sh/shared/contract';
import { traceHeaders, type Logger } from '@sh/shared/server';
import type { PageAnswerFetcher } from './web.js';

/** An answer larger than this is not rendered with: the browser asks for it itself. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * How the gateway asks for a page's public answer (routes/web.ts; docs/architecture.md#web-delivery): the API path
 * is matched as the browser's call would be, and only a public GET on the general budget that a service answers is
 * asked, at that service,
 * for the visitor (its address in X-Forwarded-For, the request's id), counted against the visitor's general budget
 * as that call would have been (`spendsBudget`: false once it is spent). Anything but a 200 with JSON, a spent
 * budget, a service away or slow: no answer, and the page is rendered as before, for the browser to ask.
 */
export function pageAnswerFetcher(deps: {
  table: OperationTable;
  upstreams: Partial<Record<string, string>>;
  timeoutMs: number;
  spendsBudget: (req: Request) => Promise<boolean>;
  logger: Logger;
}): PageAnswerFetcher {
  return async (req, apiPath) => {
    const match = deps.table.match('GET', `/api/v1/${apiPath}`);
    // A public call on the general budget only: a lookup's own budget is counted on its own path (rate-limits.ts).
    if (!match || match.operation.auth !== 'public' || match.operation.budget !== 'general') return undefined;
    const upstream = deps.upstreams[match.operation.service];
    if (!upstream || !(await deps.spendsBudget(req))) return undefined;
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
