/** A garage's Stripe customer, as billing_customers holds it. */
export interface BillingCustomer {
  garageId: string;
  stripeCustomerId: string;
  email: string;
}

/** The select list of billing_customers, named as BillingCustomer names them. */
export const BILLING_CUSTOMER_COLUMNS = 'garage_id AS "garageId", stripe_customer_id AS "stripeCustomerId", email';
