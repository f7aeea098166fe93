import type { PoolClient } from '@sh/shared/server';

/** Postgres' unique violation: here, another garage still has the e-mail. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Inside the caller's transaction: moves a garage to a new e-mail unless a newer change is already held (changedAt
 * in unix milliseconds), so changes applied out of order end in the newest. Answers 'stale' when there is no such
 * garage or a newer change won, and 'email_taken' when another garage still has the address (its own change has not
 * been heard yet); the statement runs under a savepoint, so that answer leaves the transaction usable.
 */
export async function updateGarageEmail(
  client: PoolClient,
  change: { garageId: string; email: string; changedAt: number },
): Promise<'updated' | 'stale' | 'email_taken'> {
  await client.query('SAVEPOINT update_garage_email');
  try {
    const result = await client.query(
      `UPDATE garages SET email = $2, email_changed_at = $3, updated_at = now()
        WHERE id = $1 AND (email_changed_at IS NULL OR email_changed_at < $3)`,
      [change.garageId, change.email, change.changedAt],
    );
    await client.query('RELEASE SAVEPOINT update_garage_email');
    return (result.rowCount ?? 0) > 0 ? 'updated' : 'stale';
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT update_garage_email');
    return 'email_taken';
  }
}
