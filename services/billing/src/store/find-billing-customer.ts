import type { Queryable } from '@sh/shared/server';

export interface BillingCustomerRow {
  garage_id: string;
  stripe_customer_id: string;
  email: string;
}

/** The Stripe customer of a garage, if it has one yet. */
export async function findCustomerByGarage(db: Queryable, garageId: string): Promise<BillingCustomerRow | null> {
  const { rows } = await db.query<BillingCustomerRow>(
    'SELECT garage_id, stripe_customer_id, email FROM billing_customers WHERE garage_id = $1',
    [garageId],
  );
  return rows[0] ?? null;
}

/** The garage a Stripe customer belongs to, if billing created or learned of it. */
export async function findCustomerByStripeId(db: Queryable, stripeCustomerId: string): Promise<BillingCustomerRow | null> {
  const { rows } = await db.query<BillingCustomerRow>(
    'SELECT garage_id, stripe_customer_id, email FROM billing_customers WHERE stripe_customer_id = $1',
    [stripeCustomerId],
  );
  return rows[0] ?? null;
}
