import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { ZEmailSchema } from './identity.js';
import { ZSignupPasswordSchema } from './garages.js';

/**
 * A garage's team (docs/product.md#the-garages-team): the garage's own account is its owner; the owner invites
 * technicians by e-mail, lists them and removes them. Browser-safe: zod only.
 */

/**
 * A garage's team (docs/product.md#the-garages-team): at most this many technicians (and open invitations) a garage, and
 * an invitation link works this many milliseconds (7 days).
 */
export const TECHNICIANS_PER_GARAGE = 50;
export const TECHNICIAN_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Invitation mails a UK day (docs/product.md#the-garages-team): a garage sends at most this many, and one address is
 * sent at most this many whichever garages invite it, so inviting and withdrawing again and again cannot flood a
 * mailbox with the owner's text.
 */
export const TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY = 20;
export const TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY = 3;

/** What a garage's team is told (kept out of MESSAGES, which the first page loads whole). */
export const TEAM_MESSAGES = {
  nameRequired: "Please enter the technician's name",
  nameTooLong: 'A name has at most 100 characters',
  invitationSent: 'Invitation sent. The link in it works for 7 days.',
  alreadyInvited: 'This email address already has an open invitation to your garage.',
  emailTaken: 'This email address already belongs to an account.',
  limitReached: 'A garage can have at most 50 technicians.',
  garageInvitationsPerDayReached: `Your garage has sent ${TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY} invitations today. You can send more tomorrow.`,
  addressInvitationsPerDayReached: `This email address has been sent ${TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY} invitations today. Please try again tomorrow.`,
  invitationInvalid: 'This invitation link is invalid, has expired or has already been used.',
  invitationAccepted: 'Welcome to the team. You can now log in with your email address and new password.',
  technicianRemoved: 'Technician removed. Their sessions have ended.',
  technicianNotFound: 'No such technician in your garage.',
  ownerOnly: "Only the garage's owner can do that",
} as const;

/** Who a signed-in member of a garage is to it. */
export const GARAGE_TEAM_ROLES = ['owner', 'technician'] as const;
export type TGarageTeamRole = (typeof GARAGE_TEAM_ROLES)[number];

/**
 * What each member of a garage's team may do, the one list the services' checks and the dashboard's controls read
 * (docs/product.md#permissions). What is not here is the owner's alone.
 */
export const GARAGE_CAPABILITIES = {
  logServices: ['owner', 'technician'],
  readRecords: ['owner', 'technician'],
  manageBilling: ['owner'],
  manageTeam: ['owner'],
  createApiKeys: ['owner'],
  editGarageDetails: ['owner'],
  exportRecords: ['owner'],
  importRecords: ['owner'],
  manageReminders: ['owner'],
} as const satisfies Record<string, readonly TGarageTeamRole[]>;
export type TGarageCapability = keyof typeof GARAGE_CAPABILITIES;

/**
 * The team role of a token's role or a session's user type: a garage's own account is its owner, a technician a
 * technician; anyone else is no member of a garage (null).
 */
export function garageTeamRoleOf(roleOrUserType: string | null | undefined): TGarageTeamRole | null {
  if (roleOrUserType === 'garage') return 'owner';
  if (roleOrUserType === 'technician') return 'technician';
  return null;
}

/** Whether a token's role or a session's user type may do this for its garage. */
export function mayGarage(roleOrUserType: string | null | undefined, capability: TGarageCapability): boolean {
  const role = garageTeamRoleOf(roleOrUserType);
  return role !== null && (GARAGE_CAPABILITIES[capability] as readonly TGarageTeamRole[]).includes(role);
}

/** A technician's name as the owner types it: what the records they sign will say. */
export const ZTechnicianNameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: TEAM_MESSAGES.nameRequired, abort: true })
  .max(100, TEAM_MESSAGES.nameTooLong);

// POST /api/v1/garage-team/invitations (owner)
export const ZInviteTechnicianRequestSchema = z.object({ email: ZEmailSchema, name: ZTechnicianNameSchema });
export type TInviteTechnicianRequest = z.infer<typeof ZInviteTechnicianRequestSchema>;

/** A technician of the garage, or an invitation not yet accepted. */
export const ZTeamMemberSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
  /** Unix ms: when invited (an invitation) or when the invitation was accepted (a technician). */
  since: z.number().int(),
  /** Unix ms when an invitation's link stops working; null for a technician. */
  expiresAt: z.number().int().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZInviteTechnicianResponseSchema = successEnvelope(z.object({ invitation: ZTeamMemberSchema }));
export type TInviteTechnicianResponse = z.infer<typeof ZInviteTechnicianResponseSchema>;

// GET /api/v1/garage-team (owner): technicians first by name, then open invitations, newest first.
export const ZGarageTeamResponseSchema = successEnvelope(
  z.object({
    members: z.array(ZTeamMemberSchema).max(TECHNICIANS_PER_GARAGE),
    limit: z.number().int(),
  }),
);
export type TGarageTeamResponse = z.infer<typeof ZGarageTeamResponseSchema>;

// DELETE /api/v1/garage-team/{id} (owner): a technician or an open invitation of the garage.
export const ZTeamMemberIdParamSchema = z.object({
  id: z.string().uuid({ error: TEAM_MESSAGES.technicianNotFound }),
});
export const ZRemoveTeamMemberResponseSchema = successEnvelope(z.object({ removed: z.literal(true) }));
export type TRemoveTeamMemberResponse = z.infer<typeof ZRemoveTeamMemberResponseSchema>;

// POST /api/v1/garage-team/invitations/accept (public: the link's token proves the mailbox)
export const ZAcceptInvitationRequestSchema = z.object({
  token: z
    .string({ error: TEAM_MESSAGES.invitationInvalid })
    .trim()
    .min(1, TEAM_MESSAGES.invitationInvalid)
    .max(200, TEAM_MESSAGES.invitationInvalid),
  password: ZSignupPasswordSchema,
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequestSchema>;
export const ZAcceptInvitationResponseSchema = successEnvelope(z.object({ email: z.string() }));
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponseSchema>;
