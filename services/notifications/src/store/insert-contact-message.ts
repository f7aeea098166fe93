import type { Queryable } from '@sh/shared/server';

/** Stores a contact-form message; answers its id. */
export async function insertContactMessage(
  db: Queryable,
  message: { name: string; email: string; subject: string; message: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id',
    [message.name, message.email, message.subject, message.message],
  );
  return rows[0]!.id;
}
