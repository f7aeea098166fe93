import type { PoolClient } from '@sh/shared/server';
import { applyUserSuspension } from '../store/apply-user-suspension.js';
import { revokeGarageRefreshTokens } from '../store/revoke-garage-refresh-tokens.js';

/**
 * Follows a garage's suspension (garage.suspended) or reinstatement (garage.reinstated), keeping the newest. A
 * suspension also ends every session of the garage's team at once (the refresh tokens of its owner's account and of
 * each of its technicians are revoked, so none comes back at reinstatement); their access tokens lapse within their
 * fifteen minutes, and garages, records and billing refuse them meanwhile.
 */
export async function applyGarageSuspension(
  db: PoolClient,
  change: { garageId: string; isSuspended: boolean; at: number },
): Promise<void> {
  const isApplied = await applyUserSuspension(db, {
    userId: change.garageId,
    isSuspended: change.isSuspended,
    at: change.at,
  });
  if (isApplied && change.isSuspended) await revokeGarageRefreshTokens(db, change.garageId);
}
