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
  /** The public page's (docs/product.md#garage-profiles): given once, never changed or reused. */
  slug: string;
  /** From the address ("..., Town, POSTCODE"); empty when it does not end in a UK postcode. */
  town: string;
  postcode_district: string;
  opening_hours: string;
  services_offered: string;
  /** The registered name and number at Companies House when the company was verified at signup. */
  company_name: string;
  companies_house_number: string | null;
  /** When the stored logo last changed, or null when there is none. */
  logo_updated_at: Date | null;
}

/** The columns of a GarageRow. */
export const GARAGE_COLUMNS = `id, name, address, email, phone, full_name, referral_code, referred_by, subscription_status,
  stripe_customer_id, subscription_id, subscription_state_at, created_at, suspended_at, suspension_reason, slug, town,
  postcode_district, opening_hours, services_offered, company_name, companies_house_number, logo_updated_at`;
