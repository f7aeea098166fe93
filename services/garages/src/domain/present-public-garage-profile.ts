import {
  ENTITLED_SUBSCRIPTION_STATUSES,
  type TGarageDirectoryEntry,
  type TPublicGarageProfile,
} from '@sh/shared/contract';
import type { GarageRow } from '../store/garage-row.js';

/** Where a garage's logo is served; the time of its last change in the query, so a new logo is a new address. */
export function logoUrlOf(garage: Pick<GarageRow, 'slug' | 'logo_updated_at'>): string | null {
  if (!garage.logo_updated_at) return null;
  return `/api/v1/garage-profiles/${garage.slug}/logo?v=${garage.logo_updated_at.getTime()}`;
}

/** Whether the directory lists the garage: subscribed and not suspended (store/find-listed-garages.ts, in SQL). */
export function isListed(garage: Pick<GarageRow, 'subscription_status' | 'suspended_at'>): boolean {
  return ENTITLED_SUBSCRIPTION_STATUSES.includes(garage.subscription_status) && garage.suspended_at === null;
}

/** A garage in the directory's list. */
export function presentDirectoryEntry(garage: GarageRow): TGarageDirectoryEntry {
  return {
    slug: garage.slug,
    name: garage.name,
    address: garage.address,
    town: garage.town,
    postcode_district: garage.postcode_district,
    logo_url: logoUrlOf(garage),
  };
}

/** A garage's public page (docs/product.md#garage-profiles): nothing private (e-mail, owner's name, referrals, billing). */
export function presentPublicGarageProfile(
  garage: GarageRow & { companies_house_number: string },
): TPublicGarageProfile {
  return {
    ...presentDirectoryEntry(garage),
    id: garage.id,
    phone: garage.phone,
    opening_hours: garage.opening_hours,
    services_offered: garage.services_offered,
    company: {
      name: garage.company_name,
      number: garage.companies_house_number,
      verified_since: garage.created_at.toISOString(),
    },
    listed: isListed(garage),
  };
}
