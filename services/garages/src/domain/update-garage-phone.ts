import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool, type TAuthClaims } from '@sh/shared/server';
import { publishGarageUpdated } from '../events/publish-garage-updated.js';
import { updateGaragePhone as updateGaragePhoneRow } from '../store/update-garage-phone.js';

/** Only the garage itself, or an admin, may change a garage's phone (SPEC.md section 6). */
export function assertCanChangeGarage(actor: TAuthClaims, garageId: string): void {
  const isOwnGarage = actor.role === 'garage' && actor.sub === garageId;
  if (!isOwnGarage && actor.role !== 'admin') throw new AppError('forbidden', MESSAGES.platform.forbidden);
}

/** PATCH /users/phone/{id}: sets the phone and announces garage.updated in the same transaction. */
export async function updateGaragePhone(pool: Pool, actor: TAuthClaims, garageId: string, phone: string): Promise<{ id: string; phone: string }> {
  assertCanChangeGarage(actor, garageId);
  return withTransaction(pool, async (client) => {
    const garage = await updateGaragePhoneRow(client, garageId, phone);
    if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
    await publishGarageUpdated(client, garage);
    return { id: garage.id, phone: garage.phone };
  });
}
