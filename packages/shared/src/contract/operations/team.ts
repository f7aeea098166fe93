/** A garage's team (identity): the owner's invitations, list and removals, and a technician's acceptance. */
import type { TOperation } from '../openapi.js';
import {
  ZAcceptInvitationRequestSchema,
  ZAcceptInvitationResponseSchema,
  ZGarageTeamResponseSchema,
  ZInviteTechnicianRequestSchema,
  ZInviteTechnicianResponseSchema,
  ZRemoveTeamMemberResponseSchema,
  ZTeamMemberIdParamSchema,
} from '../team.js';

export const TEAM_OPERATIONS: TOperation[] = [
  {
    method: 'get',
    path: '/garage-team',
    summary: "The garage's technicians and open invitations (the owner only)",
    tag: 'Team',
    auth: 'garage',
    service: 'identity',
    budget: 'general',
    response: ZGarageTeamResponseSchema,
    errors: [401, 403, 429],
  },
  {
    method: 'post',
    path: '/garage-team/invitations',
    summary:
      'Invite a technician by e-mail (the owner only): a single-use link valid 7 days; at most 50 technicians and open invitations a garage',
    tag: 'Team',
    auth: 'garage',
    service: 'identity',
    budget: 'credentials',
    body: ZInviteTechnicianRequestSchema,
    response: ZInviteTechnicianResponseSchema,
    successStatus: 201,
    errors: [400, 401, 403, 409, 429],
  },
  {
    method: 'delete',
    path: '/garage-team/{id}',
    summary: 'Remove a technician (their sessions end at once) or withdraw an open invitation (the owner only)',
    tag: 'Team',
    auth: 'garage',
    service: 'identity',
    budget: 'general',
    pathParams: ZTeamMemberIdParamSchema,
    response: ZRemoveTeamMemberResponseSchema,
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/garage-team/invitations/accept',
    summary: "A technician accepts an invitation with its link's token and chooses a password",
    tag: 'Team',
    auth: 'public',
    service: 'identity',
    budget: 'credentials',
    body: ZAcceptInvitationRequestSchema,
    response: ZAcceptInvitationResponseSchema,
    errors: [400, 409, 429],
  },
];
