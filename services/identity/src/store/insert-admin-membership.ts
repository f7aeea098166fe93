import type { Queryable } from '@sh/shared/server';

/** Lists a user in the admin table (idempotent). */
export async function insertAdminMembership(db: Queryable, userId: string): Promise<void> {
  await db.query('INSERT INTO admin_users (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}
