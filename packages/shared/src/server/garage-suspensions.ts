import type { RequestHandler } from 'express';
import { ADMIN_ACTION_MESSAGES } from '../contract/admin-action-messages.js';
import { AppError } from './errors.js';
import type { EventHandlers } from './events.js';
import type { Queryable } from './store/db.js';
import { upsertNewest } from './store/upsert-newest.js';

/**
 * A service that refuses a suspended garage keeps its own copy of the admin's suspensions, in a table of its own
 * database (`garage_suspensions`: garage_id uuid PRIMARY KEY, is_suspended boolean, reason text, changed_at bigint,
 * updated_at timestamptz), filled by garage.suspended and garage.reinstated. An access token issued before the
 * suspension lives out its fifteen minutes; these let each service refuse it meanwhile.
 */

/** Keeps a garage's suspension or reinstatement unless a newer one is held (changedAt in unix milliseconds). */
async function upsertGarageSuspension(
  db: Queryable,
  suspension: { garageId: string; isSuspended: boolean; reason: string; changedAt: number },
): Promise<void> {
  const { garageId, isSuspended, reason, changedAt } = suspension;
  await upsertNewest(db, {
    table: 'garage_suspensions',
    key: 'garage_id',
    version: 'changed_at',
    values: { garage_id: garageId, is_suspended: isSuspended, reason, changed_at: changedAt },
  });
}

/** The handlers of garage.suspended and garage.reinstated that keep `garage_suspensions`. */
export function garageSuspensionHandlers(): Required<Pick<EventHandlers, 'garage.suspended' | 'garage.reinstated'>> {
  return {
    'garage.suspended': async (db, event) => {
      const { garageId, reason, suspendedAt } = event.payload;
      await upsertGarageSuspension(db, { garageId, isSuspended: true, reason, changedAt: suspendedAt });
    },
    'garage.reinstated': async (db, event) => {
      const { garageId, reason, reinstatedAt } = event.payload;
      await upsertGarageSuspension(db, { garageId, isSuspended: false, reason, changedAt: reinstatedAt });
    },
  };
}

/** Whether an admin has suspended this garage (and not reinstated it since). A garage never heard of is not. */
async function isGarageSuspended(db: Queryable, garageId: string): Promise<boolean> {
  const { rows } = await db.query<{ suspended: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM garage_suspensions WHERE garage_id = $1 AND is_suspended) AS suspended',
    [garageId],
  );
  return rows[0]!.suspended;
}

/** Throws the suspension's 403 (SPEC's wording) for a suspended garage. */
export async function refuseIfGarageSuspended(db: Queryable, garageId: string): Promise<void> {
  if (await isGarageSuspended(db, garageId)) throw new AppError('forbidden', ADMIN_ACTION_MESSAGES.accountSuspended);
}

/**
 * Refuses a signed-in garage an admin has suspended, with the suspension's 403; runs after requireRole('garage'),
 * which leaves req.auth set.
 */
export function refuseSuspendedGarage(db: Queryable): RequestHandler {
  return (req, _res, next) => {
    refuseIfGarageSuspended(db, req.auth!.sub).then(() => next(), next);
  };
}
