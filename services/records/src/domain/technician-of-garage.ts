/**
 * THE ONE PLACE a record logged with an API key gets its technician (docs/architecture.md#api-keys).
 *
 * For now the technician is the name the garage system gave (the request's schema has already required it, trimmed
 * and not empty), stored as it came.
 *
 * TO BE WIRED when technician accounts land (identity users with a technician role, built on branch h1): check here
 * that `technician` names one of this garage's technicians, refuse any other with a 400 field error on `technician`,
 * and answer the name as that account has it.
 */
export async function technicianOfGarage(_garageId: string, technician: string): Promise<string> {
  return technician;
}
