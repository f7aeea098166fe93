import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/**
 * Suspends a garage that is not suspended, with who did it and why. The time is the clock's at the update (after the
 * row lock), and always after the garage's last reinstatement, so that consumers keeping the newest state order a
 * suspension and a reinstatement right. Answers the garage and when it was suspended, or null when there is no such
 * garage or it is already suspended.
 */
export async function markGarageSuspended(
  db: Queryable,
  suspension: { garageId: string; reason: string; suspendedBy: string },
): Promise<{ garage: GarageRow; suspendedAt: Date } | null> {
  const { rows } = await db.query<GarageRow & { suspended_at: Date }>(
    `UPDATE garages
        SET suspended_at = GREATEST(clock_timestamp(), reinstated_at + interval '1 millisecond'),
            suspension_reason = $2, suspended_by = $3, updated_at = now()
      WHERE id = $1 AND suspended_at IS NULL
      RETURNING ${GARAGE_COLUMNS}`,
    [suspension.garageId, suspension.reason, suspension.suspendedBy],
  );
  const row = rows[0];
  return row ? { garage: row, suspendedAt: row.suspended_at } : null;
}
