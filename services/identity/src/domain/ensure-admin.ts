import { withTransaction, writeEvent, type Pool } from '@sh/shared/server';
import { insertAdminMembership, insertUserUnlessEmailTaken } from '../store/users.js';
import { hashPassword } from './passwords.js';

/**
 * The first admin of a deployment (ADMIN_EMAIL, ADMIN_PASSWORD): when no user has that e-mail, creates a
 * confirmed user listed in the admin table. An existing user is left exactly as it is.
 */
export async function ensureAdmin(pool: Pool, admin: { email: string; password: string }): Promise<'created' | 'exists'> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  return withTransaction(pool, async (client) => {
    const id = await insertUserUnlessEmailTaken(client, { email, passwordHash, role: 'none', emailConfirmed: true });
    if (!id) return 'exists';
    await insertAdminMembership(client, id);
    await writeEvent(client, 'user.registered', { userId: id, email, role: 'admin' });
    return 'created';
  });
}
