import type { Queryable } from '@sh/shared/server';

/**
 * Stores a garage's entitlement unless a newer state is already held, so events applied out of order
 * end in the newest state.
 */
export async function upsertEntitlement(
  db: Queryable,
  entitlement: { garageId: string; subscriptionStatus: string; canAddRecords: boolean; stateAt: number },
): Promise<void> {
  await db.query(
    `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (garage_id) DO UPDATE
       SET subscription_status = EXCLUDED.subscription_status, can_add_records = EXCLUDED.can_add_records,
           state_at = EXCLUDED.state_at, updated_at = now()
     WHERE garage_entitlements.state_at <= EXCLUDED.state_at`,
    [entitlement.garageId, entitlement.subscriptionStatus, entitlement.canAddRecords, entitlement.stateAt],
  );
}
