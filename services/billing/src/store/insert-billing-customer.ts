import type { Queryable } from '@sh/shared/server';

/**
 * Remembers a garage's Stripe customer. The first one stored wins: a garage keeps one customer, and a
 * customer belongs to one garage, so a conflicting insert changes nothing.
 */
export async function insertBillingCustomer(
  db: Queryable,
  customer: { garageId: string; stripeCustomerId: string; email: string },
): Promise<void> {
  await db.query(
    `INSERT INTO billing_customers (garage_id, stripe_customer_id, email) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [customer.garageId, customer.stripeCustomerId, customer.email],
  );
}
