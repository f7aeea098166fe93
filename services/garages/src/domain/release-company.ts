import { MESSAGES } from '@sh/shared/contract';
import {
  AppError,
  isEmailConfirmed,
  recordAdminAction,
  withTransaction,
  type Pool,
  type TAuthClaims,
} from '@sh/shared/server';
import { publishCompanyReleased } from '../events/publish-company-released.js';
import { findGarageById } from '../store/find-garage-by-id.js';
import { releaseCompanyNumber } from '../store/release-company-number.js';

/**
 * An admin frees the company number held by a garage whose e-mail was never confirmed (someone signed up with a
 * company that is not theirs and never proved their address), so the company itself can sign up; the garage is told
 * by e-mail (garage.company_released). A garage with a confirmed e-mail keeps its number: 409. The audit of admin
 * actions keeps the release, in its transaction.
 */
export async function releaseCompany(
  pool: Pool,
  admin: TAuthClaims,
  garageId: string,
): Promise<{ id: string; released_company_number: string }> {
  return withTransaction(pool, async (client) => {
    const garage = await findGarageById(client, garageId);
    if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
    if (await isEmailConfirmed(client, garageId))
      throw new AppError('conflict', MESSAGES.garages.releaseRefusedConfirmed);
    const released = await releaseCompanyNumber(client, { garageId, releasedBy: admin.sub });
    if (!released) throw new AppError('conflict', MESSAGES.garages.noCompanyToRelease);
    const subject = { type: 'garage', id: garageId, label: released.garage.name } as const;
    await recordAdminAction(client, admin, 'garage.company_released', subject, null);
    await publishCompanyReleased(client, released.garage, released.companyNumber);
    return { id: garageId, released_company_number: released.companyNumber };
  });
}
