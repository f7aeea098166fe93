import { MESSAGES, type TAdminActor, type TAdminGarage, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, recordAdminAction, withTransaction, type Pool, type PoolClient } from '@sh/shared/server';
import { publishGarageDecision } from '../events/publish-garage-decision.js';
import { findAdminGarage } from '../store/find-admin-garage.js';
import { findGarageById } from '../store/find-garage-by-id.js';
import type { GarageRow } from '../store/garage-row.js';
import { presentAdminGarage } from './present-admin-garage.js';
import { markGarageReinstated } from '../store/mark-garage-reinstated.js';
import { markGarageSuspended } from '../store/mark-garage-suspended.js';

type TMark = (
  client: PoolClient,
  garageId: string,
  actor: TAdminActor,
  reason: string,
) => Promise<{ garage: GarageRow; at: Date } | null>;

/** How each decision is stored, refused when it has already been made, and told. */
const DECISIONS = {
  suspend: {
    event: 'garage.suspended',
    alreadyMade: ADMIN_ACTION_MESSAGES.alreadySuspended,
    mark: async (client, garageId, actor, reason) => {
      const suspended = await markGarageSuspended(client, { garageId, reason, suspendedBy: actor.id });
      return suspended && { garage: suspended.garage, at: suspended.suspendedAt };
    },
  },
  reinstate: {
    event: 'garage.reinstated',
    alreadyMade: ADMIN_ACTION_MESSAGES.notSuspended,
    mark: async (client, garageId) => {
      const reinstated = await markGarageReinstated(client, garageId);
      return reinstated && { garage: reinstated.garage, at: reinstated.reinstatedAt };
    },
  },
} as const satisfies Record<string, { event: string; alreadyMade: string; mark: TMark }>;

/**
 * An admin suspends a garage (the Terms allow it) or lifts its suspension, with a reason. In one transaction: the
 * decision, its entry in the audit of admin actions and its event, so that a suspended garage is told why, cannot
 * sign in and cannot add records (its records stay in the public lookup), and a reinstated one can again. Unknown
 * garage 404; already suspended, or not suspended, 409.
 */
export async function decideGarageSuspension(
  pool: Pool,
  decision: keyof typeof DECISIONS,
  actor: TAdminActor,
  garageId: string,
  reason: string,
): Promise<TAdminGarage> {
  const { event, alreadyMade, mark } = DECISIONS[decision];
  return withTransaction(pool, async (client) => {
    const made = await mark(client, garageId, actor, reason);
    if (!made) {
      if (!(await findGarageById(client, garageId))) throw new AppError('not_found', MESSAGES.platform.notFound);
      throw new AppError('conflict', alreadyMade);
    }
    const { garage, at } = made;
    const subject = { type: 'garage', id: garageId, label: garage.name } as const;
    await recordAdminAction(client, actor, event, subject, reason);
    await publishGarageDecision(client, garage, { event, reason, at });
    return presentAdminGarage((await findAdminGarage(client, garageId))!);
  });
}
