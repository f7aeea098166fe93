import { parseOrThrow, withTransaction, writeEvent, type Pool } from '@sh/shared/server';
import { insertContactMessage } from '../store/insert-contact-message.js';
import { ZContactRequestSchema } from '@sh/shared/contract';

/**
 * Checks and stores a contact-form message and announces it (contact.received), in one transaction; the
 * mail to support follows from the event. Values are stored as typed and escaped wherever they are shown.
 */
export async function receiveContactMessage(pool: Pool, body: unknown): Promise<{ id: string }> {
  const input = parseOrThrow(ZContactRequestSchema, body);
  return withTransaction(pool, async (client) => {
    const id = await insertContactMessage(client, input);
    await writeEvent(client, 'contact.received', { messageId: id, name: input.name, email: input.email, subject: input.subject });
    return { id };
  });
}
