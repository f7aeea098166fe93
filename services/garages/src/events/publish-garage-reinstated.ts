import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/** Writes garage.reinstated in the transaction that lifted the suspension, with the admin's reason. */
export async function publishGarageReinstated(
  client: PoolClient,
  garage: GarageRow,
  reinstatement: { reason: string; reinstatedAt: Date },
): Promise<void> {
  await writeEvent(client, 'garage.reinstated', {
    garageId: garage.id,
    name: garage.name,
    email: garage.email,
    reason: reinstatement.reason,
    reinstatedAt: reinstatement.reinstatedAt.getTime(),
  });
}
