import type { TApiKey, TApiKeyScope } from '@sh/shared/contract';
import { API_KEY_START } from '@sh/shared/contract';

/** A stored API key (migration 006_api_keys.sql): never the key, only its HMAC, which no answer carries. */
export interface ApiKeyRow {
  id: string;
  garage_id: string;
  name: string;
  prefix: string;
  scope: TApiKeyScope;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** The columns every statement answers, for ApiKeyRow. */
export const API_KEY_COLUMNS = 'id, garage_id, name, prefix, scope, created_at, last_used_at, revoked_at';

/** A key as its owner sees it. */
export function presentApiKey(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_START}${row.prefix}`,
    scope: row.scope,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}
