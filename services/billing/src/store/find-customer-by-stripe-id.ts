import type { Queryable } from '@sh/shared/server';
import { BILLING_CUSTOMER_COLUMNS, type BillingCustomer } from './billing-customer.js';

/** The garage a Stripe customer belongs to, if billing created or learned of it. */
export async function findCustomerByStripeId(db: Queryable, stripeCustomerId: string): Promise<BillingCustomer | null> {
  const { rows } = await db.query<BillingCustomer>(
    `SELECT ${BILLING_CUSTOMER_COLUMNS} FROM billing_customers WHERE stripe_customer_id = $1`,
    [stripeCustomerId],
  );
  return rows[0] ?? null;
}
