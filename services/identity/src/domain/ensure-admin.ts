import { hashPassword, withTransaction, type Pool } from '@sh/shared/server';
import { publishUserRegistered } from '../events/publish-user-registered.js';
import { insertAdminMembership } from '../store/insert-admin-membership.js';
import { insertUser } from '../store/insert-user.js';

/**
 * The first admin of a deployment (ADMIN_EMAIL, ADMIN_PASSWORD): when no user has that e-mail, creates a
 * confirmed user listed in the admin table. An existing user is left exactly as it is.
 */
export async function ensureAdmin(
  pool: Pool,
  admin: { email: string; password: string },
): Promise<'created' | 'exists'> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  return withTransaction(pool, async (client) => {
    const inserted = await insertUser(client, { email, passwordHash, role: 'none', emailConfirmed: true });
    if (inserted.outcome === 'email_taken') return 'exists';
    await insertAdminMembership(client, inserted.id);
    await publishUserRegistered(client, { userId: inserted.id, email, role: 'admin' });
    return 'created';
  });
}
