import type { Queryable } from '@sh/shared/server';
import { findUserById } from '../store/users.js';
import { verifyPassword } from './passwords.js';

/** Re-checks a user's password (another service's secure step); an unknown user is simply not valid. */
export async function verifyUserPassword(db: Queryable, userId: string, password: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return verifyPassword(user?.password_hash ?? null, password);
}
