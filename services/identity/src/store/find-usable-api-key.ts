import type { Queryable } from '@sh/shared/server';
import { API_KEY_COLUMNS, type ApiKeyRow } from './api-key-row.js';

/**
 * The key of a hash while it is not revoked, null otherwise; in the same statement its last_used_at is moved to now,
 * when it is older than a minute (so a busy key costs one write a minute, not one a call).
 */
export async function findUsableApiKey(db: Queryable, keyHash: string): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(
    `WITH found AS (SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL),
     touched AS (
       UPDATE api_keys SET last_used_at = now()
       WHERE id IN (SELECT id FROM found) AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
     )
     SELECT ${API_KEY_COLUMNS} FROM found`,
    [keyHash],
  );
  return rows[0] ?? null;
}
