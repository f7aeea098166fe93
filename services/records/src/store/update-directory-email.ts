import type { Queryable } from '@sh/shared/server';

/**
 * Moves a garage's receipts to its new e-mail unless a newer change is already held (changedAt in unix
 * milliseconds), so changes applied out of order end in the newest. A garage not in the directory changes nothing.
 */
export async function updateDirectoryEmail(
  db: Queryable,
  change: { garageId: string; email: string; changedAt: number },
): Promise<void> {
  await db.query(
    `UPDATE garage_directory SET email = $2, email_changed_at = $3, updated_at = now()
      WHERE garage_id = $1 AND (email_changed_at IS NULL OR email_changed_at < $3)`,
    [change.garageId, change.email, change.changedAt],
  );
}
