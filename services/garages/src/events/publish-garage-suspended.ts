import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/**
 * Writes garage.suspended in the transaction that suspended the garage: identity ends its sessions and refuses its
 * sign-in, records refuses its new records, notifications tells it why.
 */
export async function publishGarageSuspended(
  client: PoolClient,
  garage: GarageRow,
  suspension: { reason: string; suspendedAt: Date },
): Promise<void> {
  await writeEvent(client, 'garage.suspended', {
    garageId: garage.id,
    name: garage.name,
    email: garage.email,
    reason: suspension.reason,
    suspendedAt: suspension.suspendedAt.getTime(),
  });
}
