import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/** How long the undo link lasts, in words (identity's EMAIL_CHANGE_UNDO_TTL_MS). */
const UNDO_VALIDITY = '7 days';

/**
 * The mail to the old address of a changed e-mail: which address the account moved to, and a single-use link to
 * /undo-email-change carrying the token that puts the old address back and signs everyone out.
 */
export function composeEmailChangeNoticeMail(
  context: MailContext,
  input: { newEmail: string; token: string },
): ComposedMail {
  const link = siteLink(context, '/undo-email-change', { token: input.token });
  return renderMail(
    `Your ${BRAND_NAME} email address was changed`,
    {
      preheader: `Your account now uses ${input.newEmail}. If that was not you, you can undo it.`,
      heading: 'Your email address was changed',
      greeting: 'Hello,',
      blocks: [
        paragraph(
          `The email address of your ${BRAND_NAME} account was changed from this address to ${input.newEmail}. Every other session on the account has been signed out.`,
        ),
        paragraph('If you made this change, there is nothing more to do.'),
        paragraph(
          `If you did not, use the button below: it puts this address back on the account and signs everyone out. Then reset your password from the login page. The link is valid for ${UNDO_VALIDITY} and can be used once.`,
        ),
        { kind: 'button', label: 'Undo this change', url: link },
      ],
      reason: `You are receiving this email because this address was the email of a ${BRAND_NAME} account until just now.`,
    },
    context,
  );
}
