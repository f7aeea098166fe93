import { API_KEY_PATTERN, MESSAGES, type TApiKeyScope } from '@sh/shared/contract';
import { AppError, hashApiKey, signApiKeyToken, type Pool } from '@sh/shared/server';
import { findUsableApiKey } from '../store/find-usable-api-key.js';
import type { ApiKeySettings } from './api-key-settings.js';

/**
 * The gateway asks who a key is (docs/architecture.md#api-keys): its garage, its prefix, its scope and a key token for
 * this one request (the scope in it, for the service that takes the token to check). A key of the wrong shape, unknown or revoked is a 401; nothing is cached, so a revocation holds at once.
 */
export async function resolveApiKey(
  pool: Pool,
  settings: ApiKeySettings,
  key: string,
): Promise<{ keyId: string; garageId: string; prefix: string; scope: TApiKeyScope; token: string }> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  const found = await findUsableApiKey(pool, hashApiKey(key, settings.hashKey));
  if (!found) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  const token = signApiKeyToken(settings.keys.privateKey, {
    garageId: found.garage_id,
    keyId: found.id,
    keyName: found.name,
    scope: found.scope,
  });
  return { keyId: found.id, garageId: found.garage_id, prefix: found.prefix, scope: found.scope, token };
}
