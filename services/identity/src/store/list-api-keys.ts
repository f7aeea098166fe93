import type { Queryable } from '@sh/shared/server';
import { API_KEY_COLUMNS, type ApiKeyRow } from './api-key-row.js';

/** A garage's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Queryable, garageId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE garage_id = $1 ORDER BY created_at DESC, id`,
    [garageId],
  );
  return rows;
}
