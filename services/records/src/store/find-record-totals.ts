import type { Queryable } from '@sh/shared/server';

/**
 * The records in the public history (not withdrawn), from the running count the triggers of record_counts keep, and
 * the newest service date among them, from the top of service_records_newest: no count over millions of rows.
 */
export async function findRecordTotals(
  db: Queryable,
): Promise<{ publicRecords: number; latestServiceDate: string | null }> {
  const { rows } = await db.query<{ public_records: number; latest_service_date: string | null }>(
    `SELECT (SELECT COALESCE(sum(public_records), 0)::bigint FROM record_counts) AS public_records,
            (SELECT service_date FROM service_records WHERE withdrawn_at IS NULL
              ORDER BY service_date DESC, created_at DESC, id DESC LIMIT 1) AS latest_service_date`,
  );
  const row = rows[0]!;
  return { publicRecords: row.public_records, latestServiceDate: row.latest_service_date };
}
