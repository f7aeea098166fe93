import { withTransaction, type Pool } from '@sh/shared/server';
import { discardUnpublishedUserEvents } from '../events/discard-unpublished-user-events.js';
import { deleteUser as deleteUserRow } from '../store/delete-user.js';

/**
 * Removes a user with their tokens (signup compensation), and the events about them not yet published so
 * that no confirmation mail goes out for an account that no longer exists. Answers whether a user was removed.
 */
export async function deleteUser(pool: Pool, userId: string): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    await discardUnpublishedUserEvents(client, userId);
    return deleteUserRow(client, userId);
  });
}
