/** A garage as garages' queries read it. */
export interface GarageRow {
  id: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  full_name: string;
  referral_code: string;
  referred_by: string | null;
  subscription_status: 'inactive' | 'trialing' | 'active' | 'past_due' | 'canceled';
  stripe_customer_id: string | null;
  subscription_id: string | null;
  subscription_state_at: number | null;
  created_at: Date;
  /** Set while an admin has the garage suspended. */
  suspended_at: Date | null;
  suspension_reason: string | null;
}

/** The columns of a GarageRow. */
export const GARAGE_COLUMNS = `id, name, address, email, phone, full_name, referral_code, referred_by, subscription_status,
  stripe_customer_id, subscription_id, subscription_state_at, created_at, suspended_at, suspension_reason`;
