import { MESSAGES, type TValidateVehicleRequest, type TValidateVehicleResponse } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findVehicleSummary } from '../store/find-vehicle-summary.js';

/**
 * Checks a well-formed registration and VIN against what is recorded: a registration last recorded under another
 * VIN is still valid (plates move between cars) but answers a warning for the mechanic to confirm.
 */
export async function checkVehicle(
  db: Queryable,
  input: TValidateVehicleRequest,
): Promise<TValidateVehicleResponse['data']> {
  const summary = await findVehicleSummary(db, input.vehicleRegistration);
  const isMismatch = summary !== null && summary.lastVin !== input.vin;
  return {
    valid: true,
    vin: input.vin,
    vehicleRegistration: input.vehicleRegistration,
    lastMileage: summary?.lastMileage ?? null,
    warnings: isMismatch
      ? [{ code: 'vin_mismatch', message: MESSAGES.records.vinMismatch, recordedVin: summary.lastVin }]
      : [],
  };
}
