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

/** Whether a garage may add records now. A garage never heard of may not. */
export async function findEntitlement(db: Queryable, garageId: string): Promise<{ subscriptionStatus: string; canAddRecords: boolean } | null> {
  const { rows } = await db.query<{ subscription_status: string; can_add_records: boolean }>(
    'SELECT subscription_status, can_add_records FROM garage_entitlements WHERE garage_id = $1',
    [garageId],
  );
  const row = rows[0];
  return row ? { subscriptionStatus: row.subscription_status, canAddRecords: row.can_add_records } : null;
}
