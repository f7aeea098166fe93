import { randomUUID } from 'node:crypto';
import {
  ACTIVE_API_KEYS_PER_GARAGE,
  API_KEY_MESSAGES,
  MESSAGES,
  type TApiKey,
  type TCreateApiKeyRequest,
} from '@sh/shared/contract';
import { AppError, generateApiKey, hashApiKey, withTransaction, type Logger, type Pool } from '@sh/shared/server';
import { presentApiKey } from '../store/api-key-row.js';
import { countActiveApiKeys } from '../store/count-active-api-keys.js';
import { findUserForUpdate } from '../store/find-user-for-update.js';
import { insertApiKey } from '../store/insert-api-key.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { assertCurrentPassword } from './assert-current-password.js';
import type { ApiKeySettings } from './api-key-settings.js';

/**
 * The garage's owner makes a named key of a scope for its systems (docs/product.md#api-keys): the current password is
 * re-checked under the per-account password budget; the key is answered once and stored only as its HMAC. A name the
 * garage already gave a key is a 409, and so is a key beyond the garage's ACTIVE_API_KEYS_PER_GARAGE not revoked
 * (counted under a lock on the owner's account, so two keys made at once cannot pass the limit together).
 */
export async function createApiKey(
  deps: { pool: Pool; settings: ApiKeySettings; passwordFailures: PasswordFailureCounter | null; log?: Logger },
  garageId: string,
  input: TCreateApiKeyRequest,
): Promise<{ apiKey: TApiKey; key: string }> {
  await assertCurrentPassword(deps.pool, deps.passwordFailures, garageId, input.currentPassword, deps.log);
  const { key, prefix } = generateApiKey();
  const stored = await withTransaction(deps.pool, async (client) => {
    if (!(await findUserForUpdate(client, garageId)))
      throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
    if ((await countActiveApiKeys(client, garageId)) >= ACTIVE_API_KEYS_PER_GARAGE)
      throw new AppError('conflict', API_KEY_MESSAGES.limitReached);
    return insertApiKey(client, {
      id: randomUUID(),
      garageId,
      name: input.name,
      prefix,
      keyHash: hashApiKey(key, deps.settings.hashKey),
      scope: input.scope,
    });
  });
  if (stored === 'name_taken') {
    throw new AppError('conflict', API_KEY_MESSAGES.nameTaken, {
      errors: [{ path: 'name', message: API_KEY_MESSAGES.nameTaken }],
    });
  }
  deps.log?.info({ apiKeyId: stored.id, prefix: stored.prefix, scope: stored.scope }, 'API key created');
  return { apiKey: presentApiKey(stored), key };
}
