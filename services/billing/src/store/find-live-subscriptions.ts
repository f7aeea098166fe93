import type { Queryable } from '@sh/shared/server';

/** A garage's subscriptions that bill it (active, trialing, past_due, unpaid), oldest first. */
export async function findLiveSubscriptions(db: Queryable, garageId: string): Promise<string[]> {
  const { rows } = await db.query<{ subscription_id: string }>(
    `SELECT subscription_id FROM subscriptions
      WHERE garage_id = $1 AND status IN ('active', 'trialing', 'past_due', 'unpaid')
      ORDER BY created_at, subscription_id`,
    [garageId],
  );
  return rows.map((row) => row.subscription_id);
}
