import type { TContactRequest } from '@sh/shared/contract';
import { withTransaction, type Pool } from '@sh/shared/server';
import { publishContactReceived } from '../events/publish-contact-received.js';
import { insertContactMessage } from '../store/insert-contact-message.js';

/**
 * Stores a contact-form message and announces it (contact.received), in one transaction; the mail to support
 * follows from the event. Values are stored as typed and escaped wherever they are shown.
 */
export async function receiveContactMessage(pool: Pool, message: TContactRequest): Promise<{ id: string }> {
  return withTransaction(pool, async (client) => {
    const id = await insertContactMessage(client, message);
    await publishContactReceived(client, { id, ...message });
    return { id };
  });
}
