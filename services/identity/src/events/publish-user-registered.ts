import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes user.registered into the outbox, in the transaction that created the user. */
export async function publishUserRegistered(client: PoolClient, user: TEventPayload<'user.registered'>): Promise<void> {
  await writeEvent(client, 'user.registered', user);
}
