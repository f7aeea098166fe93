import type { TAdminGarage } from '@sh/shared/contract';
import type { AdminGarageRow } from '../store/admin-garage-row.js';

/**
 * A garage as the admin's garages table shows it. Who referred it: null when nobody did (a dash); the referring
 * garage's id and name while it exists; a name of null when the garage signed up with a referral but the referring
 * garage's row has since been deleted (Unknown), its id too being gone with it (the foreign key sets it NULL).
 */
export function presentAdminGarage(row: AdminGarageRow): TAdminGarage {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    email: row.email,
    phone: row.phone,
    companies_house_number: row.companies_house_number,
    subscription_status: row.subscription_status,
    joined_at: row.created_at.toISOString(),
    referral_code: row.referral_code,
    referred_by: referrerOf(row),
    email_confirmed: row.email_confirmed,
    suspension: row.suspended_at
      ? { suspended_at: row.suspended_at.toISOString(), reason: row.suspension_reason ?? '' }
      : null,
  };
}

function referrerOf(row: AdminGarageRow): TAdminGarage['referred_by'] {
  if (row.referred_by && row.referrer_name !== null) return { id: row.referred_by, name: row.referrer_name };
  if (row.referred_by || row.was_referred) return { id: row.referred_by, name: null };
  return null;
}
