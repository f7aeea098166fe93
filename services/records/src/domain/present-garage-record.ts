import type { TGarageServiceRecord } from '@sh/shared/contract';
import type { GarageRecordRow } from '../store/garage-record-row.js';

/** A garage directory entry that has not arrived yet is shown honestly as unknown. */
export const UNKNOWN_GARAGE = { name: 'Garage details unavailable', address: '' };

/** A record as its garage sees it; who signed it stands in for an empty technician name. */
export function presentGarageRecord(row: GarageRecordRow): TGarageServiceRecord {
  return {
    id: row.id,
    garage_id: row.garage_id,
    vin: row.vin,
    vehicle_registration: row.vehicle_registration,
    service_date: row.service_date,
    mileage: row.mileage,
    service_type: row.service_type,
    notes: row.notes,
    technician_name: row.technician_name ?? row.signed_by,
    signed_by: row.signed_by,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    created_at: row.created_at.toISOString(),
    mileage_anomaly: row.mileage_anomaly,
    garage: row.garage_name === null ? UNKNOWN_GARAGE : { name: row.garage_name, address: row.garage_address ?? '' },
    receipt:
      row.hash === null || row.position === null || row.signed_at === null || row.signature === null
        ? null
        : {
            hash: row.hash,
            prev_hash: row.prev_hash,
            position: row.position,
            registration: row.vehicle_registration,
            signed_at: row.signed_at.toISOString(),
            signature: row.signature,
          },
  };
}
