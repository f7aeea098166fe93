import { Router } from 'express';
import {
  TEAM_MESSAGES,
  ZAcceptInvitationRequestSchema,
  ZInviteTechnicianRequestSchema,
  ZTeamMemberIdParamSchema,
} from '@sh/shared/contract';
import {
  authenticate,
  parseOrThrow,
  requireCapability,
  type Pool,
  type RevokedUsers,
  type TokenVerifier,
} from '@sh/shared/server';
import { acceptTechnicianInvitation } from '../domain/accept-technician-invitation.js';
import { listGarageTeam } from '../domain/garage-team.js';
import { inviteTechnician } from '../domain/invite-technician.js';
import { removeTeamMember } from '../domain/remove-team-member.js';

/**
 * /api/v1/garage-team*: the owner's team (docs/product.md#the-garages-team): list, invite, remove; and the technician's
 * acceptance of an invitation, which needs no token (the link's token proves the mailbox).
 */
export function teamRoutes(deps: { pool: Pool; verifier: TokenVerifier; revokedUsers: RevokedUsers | null }): Router {
  const { pool } = deps;
  const router = Router();
  const ownerOnly = [authenticate(deps.verifier), requireCapability('manageTeam')];

  router.get('/api/v1/garage-team', ...ownerOnly, async (req, res) => {
    res.setHeader('cache-control', 'private, no-store');
    res.json({ status: 200, data: await listGarageTeam(pool, req.auth!) });
  });

  router.post('/api/v1/garage-team/invitations', ...ownerOnly, async (req, res) => {
    const input = parseOrThrow(ZInviteTechnicianRequestSchema, req.body ?? {});
    const invitation = await inviteTechnician(pool, req.auth!, input);
    req.log?.info({ invitationId: invitation.id }, 'technician invited');
    res.status(201).json({ status: 201, message: TEAM_MESSAGES.invitationSent, data: { invitation } });
  });

  router.post('/api/v1/garage-team/invitations/accept', async (req, res) => {
    const input = parseOrThrow(ZAcceptInvitationRequestSchema, req.body ?? {});
    const data = await acceptTechnicianInvitation(pool, input);
    res.json({ status: 200, message: TEAM_MESSAGES.invitationAccepted, data });
  });

  router.delete('/api/v1/garage-team/:id', ...ownerOnly, async (req, res) => {
    const { id } = parseOrThrow(ZTeamMemberIdParamSchema, req.params);
    await removeTeamMember({ pool, revokedUsers: deps.revokedUsers }, req.auth!, id);
    req.log?.info({ memberId: id }, 'team member removed');
    res.json({ status: 200, message: TEAM_MESSAGES.technicianRemoved, data: { removed: true } });
  });

  return router;
}
