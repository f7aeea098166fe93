import type { Queryable } from '@sh/shared/server';

/** Remembers that identity confirmed an account's e-mail (user.email_confirmed); the first confirmation heard is kept. */
export async function insertEmailConfirmation(
  db: Queryable,
  confirmation: { userId: string; confirmedAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
    [confirmation.userId, confirmation.confirmedAt],
  );
}
