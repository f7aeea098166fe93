import type { TAdminServiceRecord } from '@sh/shared/contract';
import type { AdminRecordRow } from '../store/admin-record-row.js';
import { presentHistoryFields, UNKNOWN_GARAGE } from './present-public-record.js';

/** Who stands for an admin of a withdrawal made before withdrawals kept who made them (only possible by hand). */
const UNRECORDED_ADMIN = { id: '00000000-0000-0000-0000-000000000000', email: '' };

/**
 * A record as the admin sees it: every field as it reads now (who signed it standing in for an empty technician
 * name, as on the public page), both names as kept (what an erasure would delete), the customer contact, its
 * garage's name and e-mail, its amendments with what each changed, and its withdrawal.
 */
export function presentAdminRecord(row: AdminRecordRow): TAdminServiceRecord {
  return {
    ...presentHistoryFields(row),
    technician_name: row.technician_name ?? row.signed_by,
    stored_names: { technician_name: row.technician_name, signed_by: row.signed_by },
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    garage: { name: row.garage_name ?? UNKNOWN_GARAGE.name, email: row.garage_email },
    amendments: row.amendments,
    withdrawal:
      row.withdrawn_at === null
        ? null
        : {
            withdrawn_at: row.withdrawn_at.toISOString(),
            withdrawn_by:
              row.withdrawn_by && row.withdrawn_by_email !== null
                ? { id: row.withdrawn_by, email: row.withdrawn_by_email }
                : UNRECORDED_ADMIN,
            reason: row.withdrawal_reason ?? '',
          },
  };
}
