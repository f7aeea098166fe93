import { withTransaction, type Pool } from '@sh/shared/server';
import { deleteUnpublishedUserEvents, deleteUser as deleteUserRow } from '../store/users.js';

/**
 * Removes a user with their tokens (signup compensation), and the events about them not yet published so
 * that no confirmation mail goes out for an account that no longer exists. Answers whether a user was removed.
 */
export async function deleteUser(pool: Pool, userId: string): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    await deleteUnpublishedUserEvents(client, userId);
    return deleteUserRow(client, userId);
  });
}
