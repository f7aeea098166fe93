import {
  ZAcceptInvitationResponseSchema,
  ZGarageTeamResponseSchema,
  ZInviteTechnicianResponseSchema,
  ZRemoveTeamMemberResponseSchema,
  type TAcceptInvitationRequest,
  type TInviteTechnicianRequest,
} from '@sh/shared/contract';
import { api, type TApiClient } from './client';

/** A garage's team (docs/product.md#the-garages-team), on identity. Loaded only by the lazy team panel and invite page. */

/** GET garage-team: the owner's technicians and open invitations. */
export async function fetchGarageTeam(signal?: AbortSignal, client: TApiClient = api) {
  return (await client.get('garage-team', ZGarageTeamResponseSchema, { signal })).data;
}

/** POST garage-team/invitations {email, name}: invites a technician; answers the invitation. */
export async function inviteTechnician(request: TInviteTechnicianRequest, client: TApiClient = api) {
  return (await client.post('garage-team/invitations', request, ZInviteTechnicianResponseSchema)).data.invitation;
}

/** DELETE garage-team/{id}: removes a technician or withdraws an invitation. */
export async function removeTeamMember(id: string, client: TApiClient = api) {
  return (await client.delete(`garage-team/${encodeURIComponent(id)}`, undefined, ZRemoveTeamMemberResponseSchema))
    .data;
}

/** POST garage-team/invitations/accept {token, password}: the technician joins with the link's token. */
export async function acceptInvitation(request: TAcceptInvitationRequest, client: TApiClient = api) {
  return (await client.post('garage-team/invitations/accept', request, ZAcceptInvitationResponseSchema)).data;
}
