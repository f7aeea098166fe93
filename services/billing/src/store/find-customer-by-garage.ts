import type { Queryable } from '@sh/shared/server';
import { BILLING_CUSTOMER_COLUMNS, type BillingCustomer } from './billing-customer.js';

/** The Stripe customer of a garage, if it has one yet. */
export async function findCustomerByGarage(db: Queryable, garageId: string): Promise<BillingCustomer | null> {
  const { rows } = await db.query<BillingCustomer>(
    `SELECT ${BILLING_CUSTOMER_COLUMNS} FROM billing_customers WHERE garage_id = $1`,
    [garageId],
  );
  return rows[0] ?? null;
}
