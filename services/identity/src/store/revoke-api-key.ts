import type { Queryable } from '@sh/shared/server';
import { API_KEY_COLUMNS, type ApiKeyRow } from './api-key-row.js';

/** Revokes one of a garage's keys (a key revoked already keeps its time); null when the garage has no such key. */
export async function revokeApiKey(db: Queryable, garageId: string, keyId: string): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND garage_id = $2
     RETURNING ${API_KEY_COLUMNS}`,
    [keyId, garageId],
  );
  return rows[0] ?? null;
}
