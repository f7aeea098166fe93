import { MESSAGES, type TPublicGarageProfile } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findGarageBySlug } from '../store/find-garage-by-slug.js';
import { presentPublicGarageProfile } from './present-public-garage-profile.js';

/**
 * GET /garage-profiles/{slug}: a garage's public page. A suspended or cancelled garage keeps it (its records name it);
 * a garage whose company number an admin released (it never confirmed its e-mail) has none.
 */
export async function getPublicGarageProfile(db: Queryable, slug: string): Promise<TPublicGarageProfile> {
  const garage = await findGarageBySlug(db, slug);
  if (!garage || garage.companies_house_number === null) throw new AppError('not_found', MESSAGES.platform.notFound);
  return presentPublicGarageProfile({ ...garage, companies_house_number: garage.companies_house_number });
}
