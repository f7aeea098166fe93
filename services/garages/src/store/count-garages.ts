import type { Queryable } from '@sh/shared/server';

/** How many garages there are, and how many of them subscribe (active or trialing): the overview's cards. */
export async function countGarages(db: Queryable): Promise<{ garages: number; activeSubscriptions: number }> {
  const { rows } = await db.query<{ garages: number; active_subscriptions: number }>(
    `SELECT count(*)::int AS garages,
            count(*) FILTER (WHERE subscription_status IN ('active', 'trialing'))::int AS active_subscriptions
       FROM garages`,
  );
  return { garages: rows[0]!.garages, activeSubscriptions: rows[0]!.active_subscriptions };
}
