import { randomUUID } from 'node:crypto';
import { API_KEY_MESSAGES, type TApiKey, type TCreateApiKeyRequest } from '@sh/shared/contract';
import { AppError, generateApiKey, hashApiKey, type Logger, type Pool } from '@sh/shared/server';
import { presentApiKey } from '../store/api-key-row.js';
import { insertApiKey } from '../store/insert-api-key.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { assertCurrentPassword } from './assert-current-password.js';
import type { ApiKeySettings } from './api-key-settings.js';

/**
 * The garage's owner makes a named key for its systems (docs/product.md#api-keys): the current password is re-checked
 * under the per-account password budget; the key is answered once and stored only as its HMAC. A name the garage
 * already gave a key is a 409.
 */
export async function createApiKey(
  deps: { pool: Pool; settings: ApiKeySettings; passwordFailures: PasswordFailureCounter | null; log?: Logger },
  garageId: string,
  input: TCreateApiKeyRequest,
): Promise<{ apiKey: TApiKey; key: string }> {
  await assertCurrentPassword(deps.pool, deps.passwordFailures, garageId, input.currentPassword, deps.log);
  const { key, prefix } = generateApiKey();
  const stored = await insertApiKey(deps.pool, {
    id: randomUUID(),
    garageId,
    name: input.name,
    prefix,
    keyHash: hashApiKey(key, deps.settings.hashKey),
  });
  if (stored === 'name_taken') {
    throw new AppError('conflict', API_KEY_MESSAGES.nameTaken, {
      errors: [{ path: 'name', message: API_KEY_MESSAGES.nameTaken }],
    });
  }
  deps.log?.info({ apiKeyId: stored.id, prefix: stored.prefix }, 'API key created');
  return { apiKey: presentApiKey(stored), key };
}
