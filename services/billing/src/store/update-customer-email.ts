import type { Queryable } from '@sh/shared/server';

/**
 * Records a garage's new e-mail on its billing customer unless a newer change is already held (changedAt in unix
 * milliseconds). Answers the Stripe customer to update, or null when the garage has none yet or a newer change won.
 */
export async function updateCustomerEmail(
  db: Queryable,
  change: { garageId: string; email: string; changedAt: number },
): Promise<{ stripeCustomerId: string } | null> {
  const { rows } = await db.query<{ stripe_customer_id: string }>(
    `UPDATE billing_customers SET email = $2, email_changed_at = $3
      WHERE garage_id = $1 AND (email_changed_at IS NULL OR email_changed_at < $3)
      RETURNING stripe_customer_id`,
    [change.garageId, change.email, change.changedAt],
  );
  const row = rows[0];
  return row ? { stripeCustomerId: row.stripe_customer_id } : null;
}
