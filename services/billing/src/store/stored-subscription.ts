/** A subscription snapshot as billing stores it, tied to its garage (times in unix seconds, stateAt in milliseconds). */
export interface StoredSubscription {
  subscriptionId: string;
  garageId: string;
  customerId: string;
  /** Stripe's own status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  status: string;
  priceId: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
  /** Unix milliseconds at which the snapshot was read from Stripe. */
  stateAt: number;
}

/** The select list of the subscriptions table, named as StoredSubscription names them. */
export const STORED_SUBSCRIPTION_COLUMNS = `subscription_id AS "subscriptionId", garage_id AS "garageId", customer_id AS "customerId",
  status, price_id AS "priceId", current_period_start AS "currentPeriodStart", current_period_end AS "currentPeriodEnd",
  trial_end AS "trialEnd", cancel_at_period_end AS "cancelAtPeriodEnd", payment_method_brand AS "paymentMethodBrand",
  payment_method_last4 AS "paymentMethodLast4", state_at AS "stateAt"`;
