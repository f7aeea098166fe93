import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes user.email_confirmed (billing, records and garages let a confirmed garage check out and add records). */
export async function publishEmailConfirmed(
  client: PoolClient,
  confirmation: TEventPayload<'user.email_confirmed'>,
): Promise<void> {
  await writeEvent(client, 'user.email_confirmed', confirmation);
}
