import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { isApiKeyCredential, MESSAGES, ZResolveApiKeyResponseSchema, type OperationMatch } from '@sh/shared/contract';
import { bearerToken, errorEnvelope } from '@sh/shared/server';
import { callService } from '../clients/call-service.js';

/** How long the gateway waits for identity to say who a key is. */
const RESOLVE_TIMEOUT_MS = 2000;

/** The API key a request carries as its bearer credential (`Authorization: Bearer wm_live_...`), or null. */
export function apiKeyOf(req: IncomingMessage): string | null {
  const credential = bearerToken(req);
  return credential !== null && isApiKeyCredential(credential) ? credential : null;
}

/**
 * API keys at the door (docs/architecture.md#api-keys). For a call of the contract made with a key: identity says who
 * the key is, on every call (nothing is cached, so a revocation holds at once): unknown or revoked is a 401; a call
 * whose entry is not marked `apiKey` is a 403; otherwise the key's own budget is spent where the entry says
 * ('creates-record'), and the request goes on with identity's key token in place of the key, which never leaves the
 * gateway. `isKeyRequest` then tells the token check to leave the request to the service.
 */
export function apiKeyGate(deps: {
  identityUrl: string | undefined;
  internalToken: string;
  matchOf: (req: Request) => OperationMatch | null;
  recordsBudget: (keyOf: (req: IncomingMessage) => string) => RequestHandler;
}): { gate: RequestHandler; isKeyRequest: (req: Request) => boolean } {
  const keyIds = new WeakMap<IncomingMessage, string>();
  const spendRecordsBudget = deps.recordsBudget((req) => keyIds.get(req) ?? 'unknown');

  const gate: RequestHandler = (req, res, next) => {
    const key = apiKeyOf(req);
    const match = key === null ? null : deps.matchOf(req);
    if (key === null || match === null) return next();
    if (!deps.identityUrl) {
      res.setHeader('Retry-After', '30');
      res.status(503).json(errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable));
      return;
    }
    callService(`${deps.identityUrl}/internal/api-keys/resolve`, deps.internalToken, ZResolveApiKeyResponseSchema, {
      method: 'POST',
      body: { key },
      timeoutMs: RESOLVE_TIMEOUT_MS,
    }).then(
      (answer) => {
        if (answer.kind === 'refused' && answer.envelope.status === 401) {
          res.status(401).json(errorEnvelope('unauthorized', MESSAGES.platform.unauthorized));
          return;
        }
        if (answer.kind !== 'ok') {
          req.log.warn(
            { reason: answer.kind === 'failed' ? answer.reason : answer.envelope.code },
            'API key check failed',
          );
          res.status(503).json(errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable));
          return;
        }
        req.log = req.log.child({ apiKeyPrefix: answer.data.prefix });
        if (!match.operation.apiKey) {
          res.status(403).json(errorEnvelope('forbidden', MESSAGES.platform.forbidden));
          return;
        }
        keyIds.set(req, answer.data.keyId);
        req.headers.authorization = `Bearer ${answer.data.token}`;
        if (match.operation.apiKey === 'creates-record') spendRecordsBudget(req, res, next);
        else next();
      },
      (error: unknown) => next(error),
    );
  };
  return { gate, isKeyRequest: (req) => keyIds.has(req) };
}
