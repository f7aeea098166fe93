import { writeEvent, type Queryable } from '@sh/shared/server';

/** Writes contact.received into the outbox, in the transaction that stored the message (its text stays in the table). */
export async function publishContactReceived(
  db: Queryable,
  message: { id: string; name: string; email: string; subject: string },
): Promise<void> {
  await writeEvent(db, 'contact.received', {
    messageId: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
  });
}
