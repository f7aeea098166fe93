import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes user.email_confirmation_requested (with the raw token for the link) in the transaction that stored its hash. */
export async function publishEmailConfirmationRequested(
  client: PoolClient,
  request: TEventPayload<'user.email_confirmation_requested'>,
): Promise<void> {
  await writeEvent(client, 'user.email_confirmation_requested', request);
}
