import type { Queryable } from '@sh/shared/server';
import { ADMIN_RECORD_SELECT, type AdminRecordRow } from './admin-record-row.js';
import type { RecordPageKey } from './find-garage-records.js';

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
      WHERE ($1::text IS NULL OR r.vehicle_registration = $1)
        AND ($2::date IS NULL OR (r.service_date, r.created_at, r.id) < ($2::date, $3::timestamptz, $4::uuid))
      ORDER BY r.service_date DESC, r.created_at DESC, r.id DESC
      LIMIT $5`,
    [
      query.registration,
      query.after?.serviceDate ?? null,
      query.after?.createdAt ?? null,
      query.after?.id ?? null,
      query.limit,
    ],
  );
  return rows;
}
