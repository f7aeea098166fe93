import type { Queryable } from '@sh/shared/server';
import { SUBSCRIPTION_COLUMNS, type SubscriptionRow } from './subscription-row.js';

/** One stored subscription by its Stripe id. */
export async function findSubscriptionById(db: Queryable, subscriptionId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE subscription_id = $1`,
    [subscriptionId],
  );
  return rows[0] ?? null;
}

/** Stripe statuses of a subscription that still runs (the garage may have to pay for it). */
export const LIVE_STRIPE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'] as const;

/**
 * A garage's current subscription: its newest live one, else its newest ended one, else null.
 */
export async function findCurrentSubscription(db: Queryable, garageId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE garage_id = $1
      ORDER BY (status = ANY($2::text[])) DESC, state_at DESC
      LIMIT 1`,
    [garageId, LIVE_STRIPE_STATUSES],
  );
  return rows[0] ?? null;
}
