import {
  MESSAGES,
  TEAM_MESSAGES,
  TECHNICIAN_INVITATION_TTL_MS,
  TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY,
  TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY,
  TECHNICIANS_PER_GARAGE,
  type TInviteTechnicianRequest,
  type TTeamMember,
} from '@sh/shared/contract';
import {
  AppError,
  generateOpaqueToken,
  hashToken,
  spendDailyAllowance,
  withTransaction,
  type Pool,
  type PoolClient,
  type TAuthClaims,
} from '@sh/shared/server';
import { publishTechnicianInvited } from '../events/publish-technician-invited.js';
import { findUserByEmail } from '../store/find-user-by-email.js';
import { findUserForUpdate } from '../store/find-user-for-update.js';
import { hasOpenInvitation, insertTechnicianInvitation } from '../store/technician-invitations.js';
import { countTeamPlaces } from '../store/technicians.js';
import { ownedGarageOf, presentTeamMember } from './garage-team.js';

/**
 * The owner invites a technician (docs/product.md#the-garages-team): an address no account has, not already invited,
 * within the garage's 50 places (technicians and open invitations, counted under a lock on the owner's account so two
 * invitations at once cannot pass the limit together), and within the day's invitation mails of the garage and of the
 * address (429; an invitation refused for any reason spends neither). The link's token is stored as a hash and rides
 * to the mail in the event's secret field only.
 */
export async function inviteTechnician(
  pool: Pool,
  actor: TAuthClaims,
  input: TInviteTechnicianRequest,
): Promise<TTeamMember> {
  const garageId = ownedGarageOf(actor);
  return withTransaction(pool, async (client) => {
    const owner = await findUserForUpdate(client, garageId);
    if (!owner) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
    if (await findUserByEmail(client, input.email)) {
      throw new AppError('conflict', TEAM_MESSAGES.emailTaken, {
        errors: [{ path: 'email', message: TEAM_MESSAGES.emailTaken }],
      });
    }
    if (await hasOpenInvitation(client, garageId, input.email)) {
      throw new AppError('conflict', TEAM_MESSAGES.alreadyInvited, {
        errors: [{ path: 'email', message: TEAM_MESSAGES.alreadyInvited }],
      });
    }
    if ((await countTeamPlaces(client, garageId)) >= TECHNICIANS_PER_GARAGE)
      throw new AppError('conflict', TEAM_MESSAGES.limitReached);
    await spendInvitationMail(client, garageId, input.email);
    const token = generateOpaqueToken();
    const invitation = await insertTechnicianInvitation(client, {
      garageId,
      email: input.email,
      fullName: input.name,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TECHNICIAN_INVITATION_TTL_MS),
    });
    await publishTechnicianInvited(client, {
      invitationId: invitation.id,
      garageId,
      email: input.email,
      name: input.name,
      invitedBy: owner.email,
      token,
    });
    return presentTeamMember(invitation);
  });
}

/** Spends one of the day's invitation mails of the garage and one of the address's; 429 when either has none left. */
async function spendInvitationMail(client: PoolClient, garageId: string, email: string): Promise<void> {
  const byGarage = { allowance: 'technician-invitations-by-garage', key: garageId };
  if (!(await spendDailyAllowance(client, { ...byGarage, limit: TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY })))
    throw new AppError('rate_limited', TEAM_MESSAGES.garageInvitationsPerDayReached);
  const toAddress = { allowance: 'technician-invitations-to-address', key: email };
  if (!(await spendDailyAllowance(client, { ...toAddress, limit: TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY }))) {
    throw new AppError('rate_limited', TEAM_MESSAGES.addressInvitationsPerDayReached, {
      errors: [{ path: 'email', message: TEAM_MESSAGES.addressInvitationsPerDayReached }],
    });
  }
}
