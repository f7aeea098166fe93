import {
  ZApiKeysResponseSchema,
  ZCreateApiKeyResponseSchema,
  ZRevokeApiKeyResponseSchema,
  type TApiKey,
  type TCreateApiKeyRequest,
} from '@sh/shared/contract';
import { api, type TApiClient } from './client';

/** The garage's API keys for its systems (docs/product.md#api-keys), on identity. Loaded with the dashboard's keys panel. */

/** GET api-keys: the garage's keys, newest first. */
export async function fetchApiKeys(signal?: AbortSignal, client: TApiClient = api): Promise<TApiKey[]> {
  return (await client.get('api-keys', ZApiKeysResponseSchema, { signal })).data.apiKeys;
}

/** POST api-keys {name, currentPassword}: a new key, with the key itself, shown this once. */
export async function createApiKey(request: TCreateApiKeyRequest, client: TApiClient = api) {
  return (await client.post('api-keys', request, ZCreateApiKeyResponseSchema)).data;
}

/** DELETE api-keys/{id}: revokes the key at once. */
export async function revokeApiKey(id: string, client: TApiClient = api): Promise<TApiKey> {
  return (await client.delete(`api-keys/${encodeURIComponent(id)}`, undefined, ZRevokeApiKeyResponseSchema)).data
    .apiKey;
}
