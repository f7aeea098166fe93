import type { TGarageServiceRecord } from '@sh/shared/contract';
import type { GarageRecordRow } from '../store/garage-record-row.js';
import { presentPublicRecord } from './present-public-record.js';

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
    receipt:
      row.hash === null ||
      row.position === null ||
      row.signed_at === null ||
      row.signature === null ||
      row.key_id === null
        ? null
        : {
            hash: row.hash,
            prev_hash: row.prev_hash,
            position: row.position,
            registration: row.vehicle_registration,
            signed_at: row.signed_at.toISOString(),
            signature: row.signature,
            key_id: row.key_id,
            leaf_index: row.leaf_index === null ? null : Number(row.leaf_index),
          },
  };
}
