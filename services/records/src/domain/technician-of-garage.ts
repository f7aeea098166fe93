import { API_KEY_MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { PasswordChecker } from '../clients/identity.js';

/**
 * The technician a record logged with an API key names (docs/architecture.md#api-keys): one of the garage's
 * technicians, asked of identity by name (case and outer spaces aside) and answered as their account has it. Any
 * other name is a 400 on `technician`, and nothing is stored.
 */
export async function technicianOfGarage(
  identity: PasswordChecker,
  garageId: string,
  technician: string,
): Promise<string> {
  const name = await identity.findTechnicianName(garageId, technician);
  if (name !== null) return name;
  throw new AppError('validation_failed', API_KEY_MESSAGES.technicianUnknown, {
    errors: [{ path: 'technician', message: API_KEY_MESSAGES.technicianUnknown }],
  });
}
