import type { GarageRow } from './garage-row.js';

/** A garage as the admin's list reads it: its details, its referrer's name, whether its e-mail is confirmed. */
export interface AdminGarageRow {
  id: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  companies_house_number: string | null;
  subscription_status: GarageRow['subscription_status'];
  created_at: Date;
  /** created_at in whole microseconds since the epoch: the page key, exact where a Date would round to milliseconds. */
  created_us: string;
  referral_code: string;
  referred_by: string | null;
  was_referred: boolean;
  /** The referring garage's name; null when nobody referred it or the referring garage's row is gone. */
  referrer_name: string | null;
  email_confirmed: boolean;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

/** The select list of an AdminGarageRow, from `garages g LEFT JOIN garages r ON r.id = g.referred_by`. */
export const ADMIN_GARAGE_SELECT = `SELECT g.id, g.name, g.address, g.email, g.phone, g.companies_house_number, g.subscription_status,
       g.created_at, (extract(epoch FROM g.created_at) * 1000000)::bigint::text AS created_us,
       g.referral_code, g.referred_by, g.was_referred, r.name AS referrer_name,
       EXISTS (SELECT 1 FROM email_confirmations c WHERE c.user_id = g.id) AS email_confirmed,
       g.suspended_at, g.suspension_reason
  FROM garages g LEFT JOIN garages r ON r.id = g.referred_by`;
