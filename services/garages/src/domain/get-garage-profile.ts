import { MESSAGES, type TGarageProfile, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findGarageById } from '../store/find-garage-by-id.js';
import { presentGarageProfile } from './present-garage-profile.js';

/** GET /garages/me: the signed-in garage's profile (reads only). A suspended garage's dashboard is closed: 403. */
export async function getGarageProfile(db: Queryable, garageId: string): Promise<TGarageProfile> {
  const garage = await findGarageById(db, garageId);
  if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
  if (garage.suspended_at) throw new AppError('forbidden', ADMIN_ACTION_MESSAGES.accountSuspended);
  return presentGarageProfile(garage);
}
