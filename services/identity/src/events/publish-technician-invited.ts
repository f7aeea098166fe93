import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes technician.invited (with the raw token for the link) in the transaction that stored its hash. */
export async function publishTechnicianInvited(
  client: PoolClient,
  invitation: TEventPayload<'technician.invited'>,
): Promise<void> {
  await writeEvent(client, 'technician.invited', invitation);
}
