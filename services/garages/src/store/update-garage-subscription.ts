import type { Queryable } from '@sh/shared/server';
import type { GarageRow } from './garage-row.js';

/**
 * Stores a garage's subscription state unless a newer one is already held (stateAt in unix milliseconds), so
 * events applied out of order end in the newest state. Ids that an event leaves null keep their value.
 */
export async function updateGarageSubscription(
  db: Queryable,
  change: {
    garageId: string;
    status: GarageRow['subscription_status'];
    customerId: string | null;
    subscriptionId: string | null;
    stateAt: number;
  },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE garages
        SET subscription_status = $2,
            stripe_customer_id = COALESCE($3, stripe_customer_id),
            subscription_id = COALESCE($4, subscription_id),
            subscription_state_at = $5,
            updated_at = now()
      WHERE id = $1 AND (subscription_state_at IS NULL OR subscription_state_at <= $5)`,
    [change.garageId, change.status, change.customerId, change.subscriptionId, change.stateAt],
  );
  return (result.rowCount ?? 0) > 0;
}
