import type { Queryable } from '@sh/shared/server';
import { SERVICE_RECORD_COLUMNS, type ServiceRecordRow } from './service-record-row.js';

/** A registration's records waiting to be chained, in order of entry. */
export async function findRecordsAwaitingChain(db: Queryable, registration: string): Promise<ServiceRecordRow[]> {
  const { rows } = await db.query<ServiceRecordRow>(
    `SELECT ${SERVICE_RECORD_COLUMNS}
       FROM records_awaiting_chain a JOIN service_records r ON r.id = a.record_id
      WHERE r.vehicle_registration = $1
      ORDER BY r.created_at, r.id`,
    [registration],
  );
  return rows;
}
