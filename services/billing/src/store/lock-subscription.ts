import type { Queryable } from '@sh/shared/server';

/** Serialises writers of one subscription until the current transaction ends. */
export async function lockSubscription(db: Queryable, subscriptionId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`subscription:${subscriptionId}`]);
}
