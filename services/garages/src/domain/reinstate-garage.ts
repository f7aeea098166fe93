import { MESSAGES, type TAdminActor, type TAdminGarage } from '@sh/shared/contract';
import { AppError, recordAdminAction, withTransaction, type Pool } from '@sh/shared/server';
import { publishGarageReinstated } from '../events/publish-garage-reinstated.js';
import { findAdminGarage } from '../store/find-admin-garage.js';
import { findGarageById } from '../store/find-garage-by-id.js';
import { markGarageReinstated } from '../store/mark-garage-reinstated.js';
import { presentAdminGarage } from './present-admin-garage.js';

/**
 * An admin lifts a garage's suspension, with a reason. In one transaction: the reinstatement, its audit entry and
 * garage.reinstated (sign-in and new records work again; the garage is told). Unknown garage 404; not suspended 409.
 */
export async function reinstateGarage(
  pool: Pool,
  actor: TAdminActor,
  garageId: string,
  reason: string,
): Promise<TAdminGarage> {
  return withTransaction(pool, async (client) => {
    const reinstated = await markGarageReinstated(client, garageId);
    if (!reinstated) {
      if (!(await findGarageById(client, garageId))) throw new AppError('not_found', MESSAGES.platform.notFound);
      throw new AppError('conflict', MESSAGES.adminActions.notSuspended);
    }
    const { garage, reinstatedAt } = reinstated;
    await recordAdminAction(client, {
      actor,
      action: 'garage.reinstated',
      subject: { type: 'garage', id: garageId, label: garage.name },
      reason,
    });
    await publishGarageReinstated(client, garage, { reason, reinstatedAt });
    return presentAdminGarage((await findAdminGarage(client, garageId))!);
  });
}
