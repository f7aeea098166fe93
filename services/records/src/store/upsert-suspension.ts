import type { Queryable } from '@sh/shared/server';

/**
 * Stores a garage's suspension or reinstatement unless a newer one is already held (changedAt in unix milliseconds),
 * so events applied out of order end in the newest state.
 */
export async function upsertSuspension(
  db: Queryable,
  suspension: { garageId: string; isSuspended: boolean; reason: string; changedAt: number },
): Promise<void> {
  await db.query(
    `INSERT INTO garage_suspensions (garage_id, is_suspended, reason, changed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (garage_id) DO UPDATE
       SET is_suspended = EXCLUDED.is_suspended, reason = EXCLUDED.reason, changed_at = EXCLUDED.changed_at, updated_at = now()
     WHERE garage_suspensions.changed_at <= EXCLUDED.changed_at`,
    [suspension.garageId, suspension.isSuspended, suspension.reason, suspension.changedAt],
  );
}
