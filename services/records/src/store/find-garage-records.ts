import type { Queryable } from '@sh/shared/server';
import { GARAGE_RECORD_SELECT, type GarageRecordRow } from './garage-record-row.js';
import { RECORD_PAGE_ORDER, recordPageKeyParams, recordsAfterKey, type RecordPageKey } from './record-page-key.js';

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
        AND ($2::text IS NULL OR r.vehicle_registration = $2) AND ${recordsAfterKey(3)}
      ${RECORD_PAGE_ORDER}
      LIMIT $6`,
    [query.garageId, query.registration, ...recordPageKeyParams(query.after), query.limit],
  );
  return rows;
}
