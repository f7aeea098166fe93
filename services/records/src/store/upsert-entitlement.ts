import { upsertNewest, type Queryable } from '@sh/shared/server';

/** Keeps a garage's entitlement unless a newer state is held, so events applied out of order end in the newest. */
export async function upsertEntitlement(
  db: Queryable,
  entitlement: { garageId: string; subscriptionStatus: string; canAddRecords: boolean; stateAt: number },
): Promise<void> {
  await upsertNewest(db, {
    table: 'garage_entitlements',
    key: 'garage_id',
    version: 'state_at',
    values: {
      garage_id: entitlement.garageId,
      subscription_status: entitlement.subscriptionStatus,
      can_add_records: entitlement.canAddRecords,
      state_at: entitlement.stateAt,
    },
  });
}
