import { ZLookupRequestSchema, type TPublicServiceRecord } from '@sh/shared/contract';
import { parseOrThrow, type Queryable } from '@sh/shared/server';
import { findRecordsByRegistration } from '../store/find-records-by-registration.js';

/** A garage whose directory entry has not arrived yet is still shown, honestly, as unknown. */
const UNKNOWN_GARAGE = { name: 'Garage details unavailable', address: '' };

/** Normalises and checks a registration, then returns its public service history. */
export async function lookupVehicleHistory(db: Queryable, rawRegistration: string): Promise<TPublicServiceRecord[]> {
  const { registration } = parseOrThrow(ZLookupRequestSchema, { registration: rawRegistration });
  const rows = await findRecordsByRegistration(db, registration);
  return rows.map((row) => ({
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
  }));
}
