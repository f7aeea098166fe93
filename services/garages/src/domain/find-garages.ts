import type { TGarageDirectoryEntry } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findListedGarages } from '../store/find-listed-garages.js';
import { presentDirectoryEntry } from './present-public-garage-profile.js';

/** GET /garage-profiles?q=: the directory's answer for a town or a postcode district (reads only). */
export async function findGarages(db: Queryable, search: string): Promise<TGarageDirectoryEntry[]> {
  const garages = await findListedGarages(db, search);
  return garages.map(presentDirectoryEntry);
}
