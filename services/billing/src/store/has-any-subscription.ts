import type { Queryable } from '@sh/shared/server';

/** Whether a garage has ever had a subscription (the free trial is for its first one only). */
export async function hasAnySubscription(db: Queryable, garageId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM subscriptions WHERE garage_id = $1 LIMIT 1', [garageId]);
  return rows.length > 0;
}
