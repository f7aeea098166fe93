import type { Queryable } from '@sh/shared/server';
import { ADMIN_RECORD_SELECT, type AdminRecordRow } from './admin-record-row.js';

/** One record as the admin reads it, withdrawn or not; null for an id never stored. */
export async function findAdminRecord(db: Queryable, recordId: string): Promise<AdminRecordRow | null> {
  const { rows } = await db.query<AdminRecordRow>(`${ADMIN_RECORD_SELECT} WHERE r.id = $1`, [recordId]);
  return rows[0] ?? null;
}
