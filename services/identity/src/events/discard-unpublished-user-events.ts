import { discardUnpublishedEvents, type PoolClient } from '@sh/shared/server';

/**
 * Drops the events about a user that the relay has not published yet (every user event names its user in
 * `userId`), in the transaction that removes the user: signup compensation, so that no confirmation mail goes
 * out for an account that no longer exists.
 */
export async function discardUnpublishedUserEvents(client: PoolClient, userId: string): Promise<void> {
  await discardUnpublishedEvents(client, { field: 'userId', value: userId });
}
