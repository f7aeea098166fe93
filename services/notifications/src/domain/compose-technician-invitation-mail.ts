import { BRAND_NAME, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/**
 * The invitation a garage's owner sent a technician (docs/product.md#the-garages-team): a single-use link to
 * /accept-invite carrying the token, valid 7 days, where the technician chooses a password.
 */
export function composeTechnicianInvitationMail(
  context: MailContext,
  input: { name: string; invitedBy: string; token: string },
): ComposedMail {
  const link = siteLink(context, '/accept-invite', { token: input.token });
  return renderMail(
    `You are invited to join a garage on ${BRAND_NAME}`,
    {
      preheader: `${input.invitedBy} invited you to log services for their garage.`,
      heading: 'Join your garage',
      greeting: `Hello ${input.name},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.invitedBy} invited you to join their garage on ${BRAND_NAME} as a technician, so that you can log the services you carry out. The records you sign will carry your name.`,
        },
        { kind: 'button', label: 'Accept the invitation', url: link },
        {
          kind: 'paragraph',
          text: 'This link is valid for 7 days and can be used once. You will choose your password when you accept.',
        },
        {
          kind: 'paragraph',
          text: 'If you did not expect this invitation, you can ignore this email and nothing will happen.',
        },
      ],
      reason: `You are receiving this email because a garage on ${BRAND_NAME} invited this address to its team.`,
    },
    context,
  );
}
