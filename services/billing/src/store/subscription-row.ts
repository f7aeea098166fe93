/** A stored subscription snapshot, as the subscriptions table holds it. */
export interface SubscriptionRow {
  subscription_id: string;
  garage_id: string;
  customer_id: string;
  status: string;
  price_id: string | null;
  current_period_start: number | null;
  current_period_end: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
  state_at: number;
}

export const SUBSCRIPTION_COLUMNS = `subscription_id, garage_id, customer_id, status, price_id, current_period_start,
  current_period_end, trial_end, cancel_at_period_end, payment_method_brand, payment_method_last4, state_at`;
