import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes user.email_changed (garages, records and billing follow the new address) in the transaction that changed it. */
export async function publishEmailChanged(
  client: PoolClient,
  change: TEventPayload<'user.email_changed'>,
): Promise<void> {
  await writeEvent(client, 'user.email_changed', change);
}
