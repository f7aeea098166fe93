import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { AheadStep } from '@sh/shared/server';

/**
 * The lookup budget as a step ahead of express (answerPlainLookupsAhead): express-rate-limit keys a client by
 * req.ip, which express works out from the app's trust-proxy setting; ahead of express the same address is given
 * by `clientIp` (proxy-addr under the same setting).
 */
export function lookupBudgetAhead(limit: RequestHandler, clientIp: (req: IncomingMessage) => string | undefined): AheadStep {
  return (req, res: ServerResponse, next) => {
    (req as IncomingMessage & { ip?: string }).ip = clientIp(req);
    limit(req as never, res as never, next);
  };
}
