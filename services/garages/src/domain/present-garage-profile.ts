import type { TGarageProfile } from '@sh/shared/contract';
import type { GarageRow } from '../store/garage-row.js';
import { logoUrlOf } from './present-public-garage-profile.js';

/** The garage's own profile as the API shows it. */
export function presentGarageProfile(garage: GarageRow): TGarageProfile {
  return {
    id: garage.id,
    name: garage.name,
    address: garage.address,
    email: garage.email,
    phone: garage.phone,
    referral_code: garage.referral_code,
    subscription_status: garage.subscription_status,
    created_at: garage.created_at.toISOString(),
    slug: garage.slug,
    opening_hours: garage.opening_hours,
    services_offered: garage.services_offered,
    logo_url: logoUrlOf(garage),
  };
}
