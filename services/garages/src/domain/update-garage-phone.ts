import { MESSAGES, type TUpdatePhoneRequest } from '@sh/shared/contract';
import {
  AppError,
  recordAdminAction,
  requireAdminReason,
  withTransaction,
  type Pool,
  type TAuthClaims,
} from '@sh/shared/server';
import { publishGarageUpdated } from '../events/publish-garage-updated.js';
import { updateGaragePhone as updateGaragePhoneRow } from '../store/update-garage-phone.js';

/** Only the garage itself, or an admin, may change a garage's phone (docs/product.md#permissions). */
export function assertCanChangeGarage(actor: TAuthClaims, garageId: string): void {
  const isOwnGarage = actor.role === 'garage' && actor.sub === garageId;
  if (!isOwnGarage && actor.role !== 'admin') throw new AppError('forbidden', MESSAGES.platform.forbidden);
}

/**
 * PATCH /users/phone/{id}: sets the phone and announces garage.updated in the same transaction. An admin changing
 * another garage's phone gives a reason, and the audit of admin actions keeps who, when and why in that transaction.
 */
export async function updateGaragePhone(
  pool: Pool,
  actor: TAuthClaims,
  garageId: string,
  input: TUpdatePhoneRequest,
): Promise<{ id: string; phone: string }> {
  assertCanChangeGarage(actor, garageId);
  const adminReason = actor.sub === garageId ? null : requireAdminReason(input.reason);
  return withTransaction(pool, async (client) => {
    const garage = await updateGaragePhoneRow(client, garageId, input.phone);
    if (!garage) throw new AppError('not_found', MESSAGES.platform.notFound);
    if (adminReason !== null) {
      const subject = { type: 'garage' as const, id: garage.id, label: garage.name };
      await recordAdminAction(client, actor, 'garage.phone_changed', subject, adminReason);
    }
    await publishGarageUpdated(client, garage);
    return { id: garage.id, phone: garage.phone };
  });
}
