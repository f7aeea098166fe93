import type { Queryable } from '@sh/shared/server';

/**
 * Marks a Stripe event as applied. Returns false when it already was: the caller then changes nothing.
 * Call it inside the transaction that applies the event's effects.
 */
export async function recordStripeEvent(
  db: Queryable,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO stripe_events (event_id, type, created) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING',
    [event.id, event.type, event.created],
  );
  return result.rowCount === 1;
}
