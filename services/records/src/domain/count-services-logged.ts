import type { TGarageServicesLoggedResponse } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { countGarageServices } from '../store/count-garage-services.js';

/** How many services a garage has logged on the platform, as its public page states it (reads only). */
export async function countServicesLogged(
  db: Queryable,
  garageId: string,
): Promise<TGarageServicesLoggedResponse['data']> {
  return { garage_id: garageId, services_logged: await countGarageServices(db, garageId) };
}
