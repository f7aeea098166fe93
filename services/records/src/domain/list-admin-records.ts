import type { TInternalRecordsResponse } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findAdminRecords } from '../store/find-admin-records.js';
import { findRecordTotals } from '../store/find-record-totals.js';
import { presentAdminRecord } from './present-admin-record.js';
import { decodeRecordCursor, encodeRecordCursor } from './record-page-cursor.js';

/**
 * One page of every record for the admin (withdrawn ones included, with their withdrawal), newest service first,
 * optionally for one registration, with the cursor of the next page (null at the end) and the overview's totals:
 * the records in the public history and the latest service date among them.
 */
export async function listAdminRecords(
  db: Queryable,
  query: { q?: string; cursor?: string; limit: number },
): Promise<TInternalRecordsResponse['data']> {
  const after = query.cursor ? decodeRecordCursor(query.cursor) : null;
  const [rows, totals] = await Promise.all([
    findAdminRecords(db, { registration: query.q ? query.q : null, after, limit: query.limit + 1 }),
    findRecordTotals(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    serviceRecords: page.map(presentAdminRecord),
    nextCursor:
      rows.length > query.limit && last
        ? encodeRecordCursor({ serviceDate: last.service_date, createdAt: last.created_at, id: last.id })
        : null,
    totals: { serviceRecords: totals.publicRecords, latestServiceDate: totals.latestServiceDate },
  };
}
