import type { TPublicServiceRecord } from '@sh/shared/contract';
import type { PublicRecordRow } from '../store/find-records-by-registration.js';
import type { ServiceRecordRow } from '../store/service-record-row.js';

/** A garage whose directory entry has not arrived yet is still shown, honestly, as unknown. */
export const UNKNOWN_GARAGE = { name: 'Garage details unavailable', address: '' };

/** The fields of a record's history as every view shows them (the garage's and the admin's add to them). */
export function presentHistoryFields(row: Omit<ServiceRecordRow, 'technician_name' | 'signed_by'>) {
  return {
    id: row.id,
    garage_id: row.garage_id,
    vin: row.vin,
    vehicle_registration: row.vehicle_registration,
    service_date: row.service_date,
    mileage: row.mileage,
    service_type: row.service_type,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    // Only an imported record says so (docs/product.md#importing-a-garages-history): every view then shows the line.
    ...(row.imported ? { imported: true } : {}),
  };
}

/**
 * A record as anyone looking up the vehicle sees it: its history fields as they read now, the garage that did the
 * work (with its public page's slug once records has heard it: docs/product.md#garage-profiles), and when and why
 * the platform amended it.
 */
export function presentPublicRecord(row: PublicRecordRow): TPublicServiceRecord {
  return {
    ...presentHistoryFields(row),
    technician_name: row.technician_name,
    mileage_anomaly: row.mileage_anomaly,
    garage:
      row.garage_name === null
        ? UNKNOWN_GARAGE
        : {
            name: row.garage_name,
            address: row.garage_address ?? '',
            ...(row.garage_slug === null ? {} : { slug: row.garage_slug }),
          },
    amendments: row.amendments.map((amendment) => ({ amended_at: amendment.amended_at, reason: amendment.reason })),
  };
}
