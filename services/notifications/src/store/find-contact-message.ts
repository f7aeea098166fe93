import type { Queryable } from '@sh/shared/server';

/** The stored text of a contact-form message, for the mail to support. */
export async function findContactMessage(db: Queryable, id: string): Promise<{ message: string } | null> {
  const { rows } = await db.query<{ message: string }>('SELECT message FROM contact_messages WHERE id = $1', [id]);
  return rows[0] ?? null;
}
