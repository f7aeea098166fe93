import type { TPublicServiceRecord } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findRecordsByRegistration } from '../store/find-records-by-registration.js';
import { presentPublicRecord } from './present-public-record.js';

/** The public service history of a (normalised, checked) registration, newest service first. */
export async function lookupVehicleHistory(db: Queryable, registration: string): Promise<TPublicServiceRecord[]> {
  const rows = await findRecordsByRegistration(db, registration);
  return rows.map(presentPublicRecord);
}
