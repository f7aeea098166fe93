import type { Queryable } from '@sh/shared/server';
import { STORED_SUBSCRIPTION_COLUMNS, type StoredSubscription } from './stored-subscription.js';

/** Stripe statuses of a subscription that still runs (the garage may have to pay for it). */
export const LIVE_STRIPE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'] as const;

/** A garage's current subscription: its newest live one, else its newest ended one, else null. */
export async function findCurrentSubscription(db: Queryable, garageId: string): Promise<StoredSubscription | null> {
  const { rows } = await db.query<StoredSubscription>(
    `SELECT ${STORED_SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE garage_id = $1
      ORDER BY (status = ANY($2::text[])) DESC, state_at DESC
      LIMIT 1`,
    [garageId, LIVE_STRIPE_STATUSES],
  );
  return rows[0] ?? null;
}
