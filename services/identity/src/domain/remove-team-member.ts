import { MESSAGES, TEAM_MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool, type RevokedUsers, type TAuthClaims } from '@sh/shared/server';
import { discardUnpublishedUserEvents } from '../events/discard-unpublished-user-events.js';
import { deleteUser } from '../store/delete-user.js';
import { deleteTechnicianInvitation } from '../store/technician-invitations.js';
import { isTechnicianOf } from '../store/technicians.js';
import { ownedGarageOf } from './garage-team.js';

/**
 * The owner removes a technician or withdraws an invitation (docs/product.md#the-garages-team). A technician's
 * sessions end at once: first the revoked mark every verifier of tokens reads (Redis; when it cannot be set, 503 and
 * nothing changed), then the user with their refresh tokens. An id that is neither of this garage's is a 404.
 */
export async function removeTeamMember(
  deps: { pool: Pool; revokedUsers: RevokedUsers | null },
  actor: TAuthClaims,
  id: string,
): Promise<void> {
  const garageId = ownedGarageOf(actor);
  if (await isTechnicianOf(deps.pool, garageId, id)) {
    if (!deps.revokedUsers) throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
    try {
      await deps.revokedUsers.revoke(id);
    } catch (error) {
      throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
    }
    await withTransaction(deps.pool, async (client) => {
      await discardUnpublishedUserEvents(client, id);
      await deleteUser(client, id);
    });
    return;
  }
  if (!(await deleteTechnicianInvitation(deps.pool, garageId, id)))
    throw new AppError('not_found', TEAM_MESSAGES.technicianNotFound);
}
