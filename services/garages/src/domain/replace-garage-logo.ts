import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { updateGarageLogo } from '../store/update-garage-logo.js';
import { logoUrlOf } from './present-public-garage-profile.js';
import { reencodeLogo } from './reencode-logo.js';
import { garageOpenForChanges } from './update-garage-details.js';

/** PUT /garages/me/logo: the owner's new logo, re-encoded (reencode-logo.ts) and stored; answers where it is served. */
export async function replaceGarageLogo(db: Queryable, garageId: string, upload: Buffer): Promise<string> {
  const garage = await garageOpenForChanges(db, garageId);
  const image = await reencodeLogo(upload);
  const updatedAt = await updateGarageLogo(db, garageId, image);
  if (!updatedAt) throw new AppError('not_found', MESSAGES.platform.notFound);
  return logoUrlOf({ slug: garage.slug, logo_updated_at: updatedAt })!;
}
