import {
  BRAND_NAME,
  formatLongDate,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

/**
 * The mail to a garage an admin has suspended: why, what the suspension stops (signing in, adding records), that its
 * records stay in the public history, and whom to write to.
 */
export function composeGarageSuspendedMail(
  context: MailContext,
  input: { garageName: string; reason: string; suspendedAt: number },
): ComposedMail {
  return renderMail(
    `Your ${BRAND_NAME} garage account has been suspended`,
    {
      preheader: `Your garage account is suspended: ${input.reason}`,
      heading: 'Your garage account has been suspended',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Our team has suspended the ${BRAND_NAME} account of your garage, for the reason below.`,
        },
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Reason', input.reason],
            ['Suspended on', formatLongDate(input.suspendedAt / 1000)],
          ],
        },
        {
          kind: 'paragraph',
          text: 'While your account is suspended you cannot sign in or add service records. The service records your garage has already logged stay in the public vehicle history.',
        },
        {
          kind: 'paragraph',
          text: `If you believe this is a mistake, or once you have dealt with the reason, please write to ${context.supportEmail} and we will review your account.`,
        },
        { kind: 'link', label: 'Terms of Service', url: siteLink(context, '/terms-of-service') },
      ],
      reason: `You are receiving this email because your garage is registered with ${BRAND_NAME}.`,
    },
    context,
  );
}
