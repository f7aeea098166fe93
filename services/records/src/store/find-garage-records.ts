import type { Queryable } from '@sh/shared/server';
import { GARAGE_RECORD_SELECT, type GarageRecordRow } from './garage-record-row.js';

/** Where a page starts: just after this record in (service_date, created_at, id) descending order. */
export interface RecordPageKey {
  serviceDate: string;
  createdAt: Date;
  id: string;
}

/**
 * One page of a garage's records that are not withdrawn, newest service first, optionally for one registration.
 * Keyset paging on the service_records_garage_newest index: each page is one index range scan, however deep (it
 * skips the garage's few withdrawn records on the way).
 */
export async function findGarageRecords(
  db: Queryable,
  query: { garageId: string; after: RecordPageKey | null; limit: number; registration: string | null },
): Promise<GarageRecordRow[]> {
  const { rows } = await db.query<GarageRecordRow>(
    `${GARAGE_RECORD_SELECT}
      WHERE r.garage_id = $1 AND r.withdrawn_at IS NULL
        AND ($2::text IS NULL OR r.vehicle_registration = $2)
        AND ($3::date IS NULL OR (r.service_date, r.created_at, r.id) < ($3::date, $4::timestamptz, $5::uuid))
      ORDER BY r.service_date DESC, r.created_at DESC, r.id DESC
      LIMIT $6`,
    [
      query.garageId,
      query.registration,
      query.after?.serviceDate ?? null,
      query.after?.createdAt ?? null,
      query.after?.id ?? null,
      query.limit,
    ],
  );
  return rows;
}
