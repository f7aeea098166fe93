import type { Queryable } from '@sh/shared/server';

/**
 * Marks a user suspended (with the time of the suspension) or not, unless the row already reflects a suspension or
 * reinstatement at least as new. Answers whether it applied; false for an older event or an unknown user.
 */
export async function applyUserSuspension(
  db: Queryable,
  change: { userId: string; isSuspended: boolean; at: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users
        SET suspended_at = CASE WHEN $2::boolean THEN to_timestamp($3::bigint / 1000.0) END,
            suspension_state_at = $3, updated_at = now()
      WHERE id = $1 AND (suspension_state_at IS NULL OR suspension_state_at < $3)`,
    [change.userId, change.isSuspended, change.at],
  );
  return rowCount === 1;
}
