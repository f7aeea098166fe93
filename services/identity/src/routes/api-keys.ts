import { Router, type NextFunction, type Request, type Response } from 'express';
import {
  API_KEY_MESSAGES,
  MESSAGES,
  ZApiKeyIdParamSchema,
  ZCreateApiKeyRequestSchema,
  ZResolveApiKeyRequestSchema,
} from '@sh/shared/contract';
import {
  AppError,
  authenticate,
  parseOrThrow,
  requireInternalToken,
  requireRole,
  type Pool,
  type TokenVerifier,
} from '@sh/shared/server';
import type { ApiKeySettings } from '../domain/api-key-settings.js';
import { assertKeyOwner } from '../domain/assert-key-owner.js';
import { createApiKey } from '../domain/create-api-key.js';
import { resolveApiKey } from '../domain/resolve-api-key.js';
import { listApiKeys } from '../store/list-api-keys.js';
import { presentApiKey } from '../store/api-key-row.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { revokeApiKey } from '../store/revoke-api-key.js';

/**
 * /api/v1/api-keys: the garage's owner makes, lists and revokes its systems' keys; /internal/api-keys/resolve: the
 * gateway asks who a key is (docs/architecture.md#api-keys). A key itself is never logged, only its prefix.
 */
export function apiKeyRoutes(deps: {
  pool: Pool;
  verifier: TokenVerifier;
  settings: ApiKeySettings;
  passwordFailures: PasswordFailureCounter | null;
  internalToken: string;
}): Router {
  const { pool } = deps;
  const router = Router();
  // Order of checks: token (401), role (403), the garage's account and suspension (401, 403), body (400), password.
  const ownerOnly = [
    authenticate(deps.verifier),
    requireRole('garage'),
    (req: Request, _res: Response, next: NextFunction) => {
      assertKeyOwner(pool, req.auth!.sub).then(() => next(), next);
    },
  ];

  router.post('/api/v1/api-keys', ...ownerOnly, async (req, res) => {
    const input = parseOrThrow(ZCreateApiKeyRequestSchema, req.body ?? {});
    const data = await createApiKey({ ...deps, log: req.log }, req.auth!.sub, input);
    res.setHeader('cache-control', 'no-store');
    res.status(201).json({ status: 201, message: API_KEY_MESSAGES.created, data });
  });

  router.get('/api/v1/api-keys', ...ownerOnly, async (req, res) => {
    const rows = await listApiKeys(pool, req.auth!.sub);
    res.setHeader('cache-control', 'private, no-store');
    res.json({ status: 200, data: { apiKeys: rows.map(presentApiKey) } });
  });

  router.delete('/api/v1/api-keys/:id', ...ownerOnly, async (req, res) => {
    const { id } = parseOrThrow(ZApiKeyIdParamSchema, req.params);
    const revoked = await revokeApiKey(pool, req.auth!.sub, id);
    if (!revoked) throw new AppError('not_found', MESSAGES.platform.notFound);
    req.log?.info({ apiKeyId: revoked.id, prefix: revoked.prefix }, 'API key revoked');
    res.json({ status: 200, message: API_KEY_MESSAGES.revoked, data: { apiKey: presentApiKey(revoked) } });
  });

  router.post('/internal/api-keys/resolve', requireInternalToken(deps.internalToken), async (req, res) => {
    const { key } = parseOrThrow(ZResolveApiKeyRequestSchema, req.body ?? {});
    const data = await resolveApiKey(pool, deps.settings, key);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });

  return router;
}
