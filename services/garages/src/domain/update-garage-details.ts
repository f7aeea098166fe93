import { MESSAGES, type TPublicGarageProfile, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findGarageById } from '../store/find-garage-by-id.js';
import { updateGarageDetails as updateGarageDetailsRow } from '../store/update-garage-details.js';
import { getPublicGarageProfile } from './get-public-garage-profile.js';

/** The owner's garage, open for changes: 404 when there is none, 403 while it is suspended. */
export async function garageOpenForChanges(db: Queryable, garageId: string) {
  const garage = await findGarageById(db, garageId);
  if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
  if (garage.suspended_at) throw new AppError('forbidden', ADMIN_ACTION_MESSAGES.accountSuspended);
  return garage;
}

/** PATCH /garages/me/profile: the owner's opening hours and services, as the public page now shows them. */
export async function updateGarageDetails(
  db: Queryable,
  garageId: string,
  details: { opening_hours: string; services_offered: string },
): Promise<TPublicGarageProfile> {
  await garageOpenForChanges(db, garageId);
  const garage = await updateGarageDetailsRow(db, garageId, {
    openingHours: details.opening_hours,
    servicesOffered: details.services_offered,
  });
  if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
  return getPublicGarageProfile(db, garage.slug);
}
