import type { TApiKeyScope } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { API_KEY_COLUMNS, type ApiKeyRow } from './api-key-row.js';

/** Stores a new key by its hash; 'name_taken' when the garage already has a key of that name. */
export async function insertApiKey(
  db: Queryable,
  key: { id: string; garageId: string; name: string; prefix: string; keyHash: string; scope: TApiKeyScope },
): Promise<ApiKeyRow | 'name_taken'> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, garage_id, name, prefix, key_hash, scope) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (garage_id, name) DO NOTHING
     RETURNING ${API_KEY_COLUMNS}`,
    [key.id, key.garageId, key.name, key.prefix, key.keyHash, key.scope],
  );
  return rows[0] ?? 'name_taken';
}
