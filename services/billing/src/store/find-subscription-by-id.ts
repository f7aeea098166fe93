import type { Queryable } from '@sh/shared/server';
import { STORED_SUBSCRIPTION_COLUMNS, type StoredSubscription } from './stored-subscription.js';

/** One stored subscription by its Stripe id. */
export async function findSubscriptionById(db: Queryable, subscriptionId: string): Promise<StoredSubscription | null> {
  const { rows } = await db.query<StoredSubscription>(
    `SELECT ${STORED_SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE subscription_id = $1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}
