import { MESSAGES, type TAdminActor, type TAdminGarage } from '@sh/shared/contract';
import { AppError, recordAdminAction, withTransaction, type Pool } from '@sh/shared/server';
import { publishGarageSuspended } from '../events/publish-garage-suspended.js';
import { findAdminGarage } from '../store/find-admin-garage.js';
import { findGarageById } from '../store/find-garage-by-id.js';
import { markGarageSuspended } from '../store/mark-garage-suspended.js';
import { presentAdminGarage } from './present-admin-garage.js';

/**
 * An admin suspends a garage (the Terms allow it), with a reason. In one transaction: the suspension, its entry in
 * the audit of admin actions and garage.suspended, so that the garage is told why, cannot sign in and cannot add
 * records; its records stay in the public lookup. Unknown garage 404; already suspended 409.
 */
export async function suspendGarage(
  pool: Pool,
  actor: TAdminActor,
  garageId: string,
  reason: string,
): Promise<TAdminGarage> {
  return withTransaction(pool, async (client) => {
    const suspended = await markGarageSuspended(client, { garageId, reason, suspendedBy: actor.id });
    if (!suspended) {
      if (!(await findGarageById(client, garageId))) throw new AppError('not_found', MESSAGES.platform.notFound);
      throw new AppError('conflict', MESSAGES.adminActions.alreadySuspended);
    }
    const { garage, suspendedAt } = suspended;
    await recordAdminAction(client, {
      actor,
      action: 'garage.suspended',
      subject: { type: 'garage', id: garageId, label: garage.name },
      reason,
    });
    await publishGarageSuspended(client, garage, { reason, suspendedAt });
    return presentAdminGarage((await findAdminGarage(client, garageId))!);
  });
}
