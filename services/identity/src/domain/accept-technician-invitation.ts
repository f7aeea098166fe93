import { TEAM_MESSAGES, type TAcceptInvitationRequest } from '@sh/shared/contract';
import { AppError, hashPassword, hashToken, withTransaction, type Pool } from '@sh/shared/server';
import { consumeTechnicianInvitation } from '../store/technician-invitations.js';
import { insertTechnician } from '../store/technicians.js';

/**
 * A technician accepts an invitation with its link (docs/product.md#the-garages-team): the link works once, within 7
 * days; the technician chooses a password and becomes a user of the garage's team, their address confirmed by the
 * link. An address that became another account's meanwhile is refused and the invitation stays unused.
 */
export async function acceptTechnicianInvitation(
  pool: Pool,
  input: TAcceptInvitationRequest,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    const invitation = await consumeTechnicianInvitation(client, hashToken(input.token));
    if (!invitation) {
      throw new AppError('validation_failed', TEAM_MESSAGES.invitationInvalid, {
        errors: [{ path: 'token', message: TEAM_MESSAGES.invitationInvalid }],
      });
    }
    const created = await insertTechnician(client, {
      garageId: invitation.garage_id,
      email: invitation.email,
      fullName: invitation.full_name,
      passwordHash,
    });
    if (created.outcome === 'email_taken') throw new AppError('conflict', TEAM_MESSAGES.emailTaken);
    return { email: invitation.email };
  });
}
