import type { Queryable } from '@sh/shared/server';
import { ADMIN_RECORD_SELECT, type AdminRecordRow } from './admin-record-row.js';
import { RECORD_PAGE_ORDER, recordPageKeyParams, recordsAfterKey, type RecordPageKey } from './record-page-key.js';

/**
 * One page of every record, withdrawn included, newest service first (then newest entry, then id), optionally for
 * one registration. Keyset paging on service_records_newest, or service_records_registration for a registration:
 * each page is one index range scan, however deep and however many records there are.
 */
export async function findAdminRecords(
  db: Queryable,
  query: { registration: string | null; after: RecordPageKey | null; limit: number },
): Promise<AdminRecordRow[]> {
  const { rows } = await db.query<AdminRecordRow>(
    `${ADMIN_RECORD_SELECT}
      WHERE ($1::text IS NULL OR r.vehicle_registration = $1) AND ${recordsAfterKey(2)}
      ${RECORD_PAGE_ORDER}
      LIMIT $5`,
    [query.registration, ...recordPageKeyParams(query.after), query.limit],
  );
  return rows;
}
