import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/** Writes garage.company_released (notifications tells the garage) in the transaction that freed the number. */
export async function publishCompanyReleased(
  client: PoolClient,
  garage: GarageRow,
  companyNumber: string,
): Promise<void> {
  await writeEvent(client, 'garage.company_released', {
    garageId: garage.id,
    name: garage.name,
    email: garage.email,
    companyNumber,
  });
}
