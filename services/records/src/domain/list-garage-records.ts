import { type TMyServiceRecordsQuery, type TMyServiceRecordsResponse } from '@sh/shared/contract';
import { refuseIfGarageSuspended, type Queryable } from '@sh/shared/server';
import { findGarageRecords } from '../store/find-garage-records.js';
import { presentGarageRecord } from './present-garage-record.js';
import { decodeRecordCursor, encodeRecordCursor } from './record-page-cursor.js';

/**
 * One page of a garage's own records, newest service first, and the cursor of the next page (null at the end). A
 * suspended garage's dashboard is closed (403), even to an access token issued before the suspension; its records
 * stay in the public lookup.
 */
export async function listGarageRecords(
  db: Queryable,
  garageId: string,
  query: TMyServiceRecordsQuery,
): Promise<TMyServiceRecordsResponse['data']> {
  await refuseIfGarageSuspended(db, garageId);
  const rows = await findGarageRecords(db, {
    garageId,
    after: query.cursor ? decodeRecordCursor(query.cursor) : null,
    limit: query.limit + 1,
    registration: query.registration ? query.registration : null,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  return {
    serviceRecords: page.map(presentGarageRecord),
    nextCursor:
      hasMore && last
        ? encodeRecordCursor({ serviceDate: last.service_date, createdAt: last.created_at, id: last.id })
        : null,
  };
}
