import type { PoolClient } from '@sh/shared/server';
import {
  SERVICE_RECORD_COLUMNS,
  WITHDRAWAL_COLUMNS,
  type ServiceRecordWithContactRow,
  type WithdrawalColumns,
} from './service-record-row.js';

/** A record as a correction reads it: every stored field, the customer contact and its withdrawal. */
export type CorrectableRecordRow = ServiceRecordWithContactRow & WithdrawalColumns;

/** A record's current values, its row locked for the rest of the transaction; null for an id never stored. */
export async function lockServiceRecord(client: PoolClient, recordId: string): Promise<CorrectableRecordRow | null> {
  const { rows } = await client.query<CorrectableRecordRow>(
    `SELECT ${SERVICE_RECORD_COLUMNS}, r.customer_email, r.customer_phone, ${WITHDRAWAL_COLUMNS}
       FROM service_records r WHERE r.id = $1 FOR UPDATE`,
    [recordId],
  );
  return rows[0] ?? null;
}
