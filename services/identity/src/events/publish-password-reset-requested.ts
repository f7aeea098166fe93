import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes user.password_reset_requested (with the raw token for the link) in the transaction that stored its hash. */
export async function publishPasswordResetRequested(
  client: PoolClient,
  request: TEventPayload<'user.password_reset_requested'>,
): Promise<void> {
  await writeEvent(client, 'user.password_reset_requested', request);
}
