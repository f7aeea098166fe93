import type { TGarageServiceRecord } from '@sh/shared/contract';
import type { GarageRecordRow } from '../store/garage-record-row.js';
import { presentPublicRecord } from './present-public-record.js';
import { presentReceipt } from './present-receipt.js';

/**
 * A record as its garage sees it: the public fields (who signed it standing in for an empty technician name),
 * with the signer, the customer's contact and the signed receipt.
 */
export function presentGarageRecord(row: GarageRecordRow): TGarageServiceRecord {
  return {
    ...presentPublicRecord({ ...row, technician_name: row.technician_name ?? row.signed_by }),
    signed_by: row.signed_by,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    receipt: presentReceipt(row),
  };
}
