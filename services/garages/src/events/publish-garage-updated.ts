import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/** Writes garage.updated (the details other services keep of a garage) in the transaction that changed it. */
export async function publishGarageUpdated(client: PoolClient, garage: GarageRow): Promise<void> {
  await writeEvent(client, 'garage.updated', {
    garageId: garage.id,
    name: garage.name,
    address: garage.address,
    phone: garage.phone,
    slug: garage.slug,
  });
}
