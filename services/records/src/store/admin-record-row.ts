import type { TAmendment } from '@sh/shared/contract';
import {
  isoTimestampSql,
  SERVICE_RECORD_COLUMNS,
  WITHDRAWAL_COLUMNS,
  type ServiceRecordWithContactRow,
  type WithdrawalColumns,
} from './service-record-row.js';

/** A record as the admin reads it: every field, its garage's name and e-mail, its sealed amendments and withdrawal. */
export interface AdminRecordRow extends ServiceRecordWithContactRow, WithdrawalColumns {
  garage_name: string | null;
  garage_email: string | null;
  /** Oldest first, each with its place in the chain. */
  amendments: TAmendment[];
}

/** The select list and joins of AdminRecordRow over `service_records r`; the amendments are one index range scan. */
export const ADMIN_RECORD_SELECT = `
  SELECT ${SERVICE_RECORD_COLUMNS}, r.customer_email, r.customer_phone, ${WITHDRAWAL_COLUMNS},
         g.name AS garage_name, g.email AS garage_email,
         COALESCE((
           SELECT json_agg(json_build_object(
                    'id', a.id, 'amended_at', ${isoTimestampSql('a.amended_at')},
                    'amended_by', json_build_object('id', a.amended_by, 'email', a.amended_by_email),
                    'reason', a.reason, 'changes', a.changes, 'position', c.position) ORDER BY c.position)
             FROM record_amendments a JOIN chain_entries c ON c.amendment_id = a.id
            WHERE a.record_id = r.id), '[]'::json) AS amendments
    FROM service_records r
    LEFT JOIN garage_directory g ON g.garage_id = r.garage_id`;
