import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/** The mail that asks a new user to confirm their address: a link to /confirm-email carrying the token. */
export function composeEmailConfirmationMail(context: MailContext, input: { token: string }): ComposedMail {
  const link = siteLink(context, '/confirm-email', { token: input.token });
  return renderMail(
    `Please confirm your email address`,
    {
      preheader: `One click to confirm your email address for ${BRAND_NAME}.`,
      heading: 'Confirm your email address',
      greeting: 'Hello,',
      blocks: [
        paragraph(
          `Thank you for registering with ${BRAND_NAME}. Please confirm that this is your email address so that we can keep your account secure and reach you about it.`,
        ),
        { kind: 'button', label: 'Confirm email address', url: link },
        paragraph('If you did not create an account, you can ignore this email and nothing will happen.'),
      ],
      reason: `You are receiving this email because this address was used to register with ${BRAND_NAME}.`,
    },
    context,
  );
}
