import type { Queryable } from '@sh/shared/server';
import { PUBLIC_AMENDMENTS_SELECT, type ListedRecordColumns, type ServiceRecordRow } from './service-record-row.js';

/** A record as the public lookup reads it: no customer contact, and technician_name falling back to who signed it. */
export type PublicRecordRow = Omit<ServiceRecordRow, 'signed_by'> & ListedRecordColumns;

/** The most records one lookup returns; no real vehicle comes near it. */
export const LOOKUP_LIMIT = 500;

/**
 * The lookup's query of the vehicle whose `key` (its registration, or its VIN: find-records-by-vin.ts) `value` names
 * (a parameter, or a column of a surrounding query).
 */
export const publicRecordsSql = (
  key: 'vehicle_registration' | 'vin',
  value: string,
) => `SELECT r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type,
                  r.notes, COALESCE(r.technician_name, r.signed_by) AS technician_name, r.created_at, r.imported,
                  COALESCE(r.mileage < max(r.mileage) OVER (
                    ORDER BY r.service_date, r.created_at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false)
                    AS mileage_anomaly,
                  g.name AS garage_name, g.address AS garage_address, g.slug AS garage_slug,
                  ${PUBLIC_AMENDMENTS_SELECT} AS amendments
             FROM service_records r
             LEFT JOIN garage_directory g ON g.garage_id = r.garage_id
            WHERE r.${key} = ${value} AND r.withdrawn_at IS NULL
            ORDER BY r.service_date DESC, r.created_at DESC
            LIMIT ${LOOKUP_LIMIT}`;

/** The lookup's query of the registration `registration` names. */
const recordsOfRegistrationSql = (registration: string) => publicRecordsSql('vehicle_registration', registration);

/** The lookup's one query; the benchmark's bare baseline runs exactly this text too. */
export const FIND_RECORDS_BY_REGISTRATION_SQL = recordsOfRegistrationSql('$1');

/**
 * The same query for many registrations at once (the answers published ahead of any lookup): each registration's
 * rows are exactly its own lookup's, in the same order, after the rows of the registrations before it.
 */
const FIND_RECORDS_OF_REGISTRATIONS_SQL = `SELECT q.registration, l.*
  FROM unnest($1::text[]) WITH ORDINALITY AS q(registration, n)
 CROSS JOIN LATERAL (${recordsOfRegistrationSql('q.registration')}) l
 ORDER BY q.n, l.service_date DESC, l.created_at DESC`;

/**
 * The public history of one registration, newest service first, with the garage's name and address, the platform's
 * amendments, and a flag on any record whose mileage is below an earlier-dated record's. Withdrawn records are left out.
 */
export async function findRecordsByRegistration(db: Queryable, registration: string): Promise<PublicRecordRow[]> {
  const { rows } = await db.query<PublicRecordRow>({
    name: 'find-records-by-registration',
    text: FIND_RECORDS_BY_REGISTRATION_SQL,
    values: [registration],
  });
  return rows;
}

/** The public histories of many registrations in one query, by registration (those without records are absent). */
export async function findRecordsOfRegistrations(
  db: Queryable,
  registrations: readonly string[],
): Promise<Map<string, PublicRecordRow[]>> {
  const { rows } = await db.query<PublicRecordRow & { registration: string }>({
    name: 'find-records-of-registrations',
    text: FIND_RECORDS_OF_REGISTRATIONS_SQL,
    values: [registrations],
  });
  const byRegistration = new Map<string, PublicRecordRow[]>();
  for (const { registration, ...row } of rows) {
    const history = byRegistration.get(registration);
    if (history) history.push(row);
    else byRegistration.set(registration, [row]);
  }
  return byRegistration;
}

/** Up to `limit` registrations with a public record, in order, after `after` ('' for the first): a walk of them all. */
export async function findRegistrationsAfter(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ vehicle_registration: string }>({
    name: 'find-registrations-after',
    text: `SELECT DISTINCT vehicle_registration FROM service_records
            WHERE vehicle_registration > $1 AND withdrawn_at IS NULL
            ORDER BY vehicle_registration LIMIT $2`,
    values: [after, limit],
  });
  return rows.map((row) => row.vehicle_registration);
}
