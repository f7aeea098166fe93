import type { Queryable } from '@sh/shared/server';

/** Whether a garage may add records now. A garage never heard of may not. */
export async function findEntitlement(
  db: Queryable,
  garageId: string,
): Promise<{ subscriptionStatus: string; canAddRecords: boolean } | null> {
  const { rows } = await db.query<{ subscription_status: string; can_add_records: boolean }>(
    'SELECT subscription_status, can_add_records FROM garage_entitlements WHERE garage_id = $1',
    [garageId],
  );
  const row = rows[0];
  return row ? { subscriptionStatus: row.subscription_status, canAddRecords: row.can_add_records } : null;
}
