import { normaliseRegistration, REGISTRATION_MAX_LENGTH } from '@sh/shared/contract';

/**
 * Cleans what a visitor types into a registration box: upper case, no spaces (so "AB12 CDE" fits in
 * seven characters) and never longer than a UK registration.
 */
export function toRegistrationInput(raw: string): string {
  return normaliseRegistration(raw).slice(0, REGISTRATION_MAX_LENGTH);
}

/** The results page for a registration. */
export function buildVehicleResultsPath(registration: string): string {
  return `/vehicle-results?reg=${encodeURIComponent(registration)}`;
}

/** The results page for a VIN: every record of the vehicle, whatever plate it was logged under. */
export function buildVinResultsPath(vin: string): string {
  return `/vehicle-results?vin=${encodeURIComponent(vin)}`;
}
