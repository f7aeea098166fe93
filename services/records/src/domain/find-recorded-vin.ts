import { MESSAGES, type TVinLookupResponse } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findVehicleSummary } from '../store/find-vehicle-summary.js';

/** The VIN last recorded for a registration, with its last mileage; 404 when the vehicle has never been recorded. */
export async function findRecordedVin(db: Queryable, registration: string): Promise<TVinLookupResponse['data']> {
  const summary = await findVehicleSummary(db, registration);
  if (!summary) throw new AppError('not_found', MESSAGES.records.vinNotFound);
  return {
    vin: summary.lastVin,
    registration,
    lastMileage: summary.lastMileage,
    lastServiceDate: summary.lastServiceDate,
  };
}
