import type { TPublicServiceRecord } from '@sh/shared/contract';
import type { PublicRecordRow } from '../store/find-records-by-registration.js';

/** A garage whose directory entry has not arrived yet is still shown, honestly, as unknown. */
export const UNKNOWN_GARAGE = { name: 'Garage details unavailable', address: '' };

/** A record as anyone looking up the vehicle sees it: its history fields and the garage that did the work. */
export function presentPublicRecord(row: PublicRecordRow): TPublicServiceRecord {
  return {
    id: row.id,
    garage_id: row.garage_id,
    vin: row.vin,
    vehicle_registration: row.vehicle_registration,
    service_date: row.service_date,
    mileage: row.mileage,
    service_type: row.service_type,
    notes: row.notes,
    technician_name: row.technician_name,
    created_at: row.created_at.toISOString(),
    mileage_anomaly: row.mileage_anomaly,
    garage: row.garage_name === null ? UNKNOWN_GARAGE : { name: row.garage_name, address: row.garage_address ?? '' },
  };
}
