import type { PoolClient } from '@sh/shared/server';

/** Postgres' unique violation: here, another user already has the e-mail. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Inside the caller's transaction: sets a user's new e-mail, which then needs confirming again. Another user
 * having the e-mail answers 'email_taken'; the statement runs under a savepoint, so that answer leaves the
 * transaction usable. (An UPDATE has no ON CONFLICT: the unique index is the only race-free judge.)
 */
export async function updateUserEmail(
  client: PoolClient,
  userId: string,
  email: string,
): Promise<'updated' | 'email_taken'> {
  await client.query('SAVEPOINT update_user_email');
  try {
    await client.query('UPDATE users SET email = $2, email_confirmed_at = NULL, updated_at = now() WHERE id = $1', [
      userId,
      email,
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT update_user_email');
    return 'email_taken';
  }
  await client.query('RELEASE SAVEPOINT update_user_email');
  return 'updated';
}
