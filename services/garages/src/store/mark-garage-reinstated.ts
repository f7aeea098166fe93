import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/**
 * Lifts a garage's suspension. The reinstatement time is always after the suspension's (see markGarageSuspended).
 * Answers the garage and when it was reinstated, or null when there is no such garage or it is not suspended.
 */
export async function markGarageReinstated(
  db: Queryable,
  garageId: string,
): Promise<{ garage: GarageRow; reinstatedAt: Date } | null> {
  const { rows } = await db.query<GarageRow & { reinstated_at: Date }>(
    `UPDATE garages
        SET reinstated_at = GREATEST(clock_timestamp(), suspended_at + interval '1 millisecond'),
            suspended_at = NULL, suspension_reason = NULL, suspended_by = NULL, updated_at = now()
      WHERE id = $1 AND suspended_at IS NOT NULL
      RETURNING ${GARAGE_COLUMNS}, reinstated_at`,
    [garageId],
  );
  const row = rows[0];
  if (!row) return null;
  const { reinstated_at: reinstatedAt, ...garage } = row;
  return { garage, reinstatedAt };
}
