import { createHash } from 'node:crypto';
import type { Pool } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import type { BillingCustomer } from '../store/billing-customer.js';
import { findCustomerByGarage } from '../store/find-customer-by-garage.js';
import { insertBillingCustomer } from '../store/insert-billing-customer.js';

/**
 * The garage's Stripe customer, created on its first checkout with the account's e-mail and the garage id
 * in its metadata. The idempotency key makes concurrent first checkouts create one customer.
 */
export async function ensureStripeCustomer(
  pool: Pool,
  stripe: Stripe,
  garage: { id: string; email: string },
): Promise<BillingCustomer> {
  const existing = await findCustomerByGarage(pool, garage.id);
  if (existing) return existing;
  const emailKey = createHash('sha256').update(garage.email).digest('hex').slice(0, 16);
  const customer = await stripe.customers.create(
    { email: garage.email, metadata: { garage_id: garage.id } },
    { idempotencyKey: `customer-create-${garage.id}-${emailKey}` },
  );
  await insertBillingCustomer(pool, { garageId: garage.id, stripeCustomerId: customer.id, email: garage.email });
  const stored = await findCustomerByGarage(pool, garage.id);
  if (!stored) throw new Error(`billing customer of garage ${garage.id} was not stored`);
  return stored;
}
