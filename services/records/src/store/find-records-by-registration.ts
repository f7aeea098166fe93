import type { Queryable } from '@sh/shared/server';
import { PUBLIC_AMENDMENTS_SELECT, type ListedRecordColumns, type ServiceRecordRow } from './service-record-row.js';

/** A record as the public lookup reads it: no customer contact, and technician_name falling back to who signed it. */
export type PublicRecordRow = Omit<ServiceRecordRow, 'signed_by'> & ListedRecordColumns;

/** The most records one lookup returns; no real vehicle comes near it. */
export const LOOKUP_LIMIT = 500;

/** The lookup's one query; the benchmark's bare baseline runs exactly this text too. */
export const FIND_RECORDS_BY_REGISTRATION_SQL = `SELECT r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type,
                  r.notes, COALESCE(r.technician_name, r.signed_by) AS technician_name, r.created_at,
                  COALESCE(r.mileage < max(r.mileage) OVER (
                    ORDER BY r.service_date, r.created_at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false)
                    AS mileage_anomaly,
                  g.name AS garage_name, g.address AS garage_address,
                  ${PUBLIC_AMENDMENTS_SELECT} AS amendments
             FROM service_records r
             LEFT JOIN garage_directory g ON g.garage_id = r.garage_id
            WHERE r.vehicle_registration = $1 AND r.withdrawn_at IS NULL
            ORDER BY r.service_date DESC, r.created_at DESC
            LIMIT ${LOOKUP_LIMIT}`;

/**
 * The public history of one registration, newest service first, with the garage's name and address, the platform's
 * amendments, and a flag on any record whose mileage is below an earlier-dated record's. Withdrawn records are left out.
 */
export async function findRecordsByRegistration(db: Queryable, registration: string): Promise<PublicRecordRow[]> {
  const { rows } = await db.query<PublicRecordRow>(
    {
      name: 'find-records-by-registration',
      text: FIND_RECORDS_BY_REGISTRATION_SQL,
      values: [registration],
    },
  );
  return rows;
}
