/** The mails to a garage about an admin's decision on its account: a suspension and its lifting. */
import { BRAND_NAME, type ComposedMail, type MailContext, paragraph, renderMail, siteLink } from './mail-layout.js';
import { formatLongDate } from './mail-values.js';

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
        paragraph(`Our team has suspended the ${BRAND_NAME} account of your garage, for the reason below.`),
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Reason', input.reason],
            ['Suspended on', formatLongDate(input.suspendedAt / 1000)],
          ],
        },
        paragraph(
          'While your account is suspended you cannot sign in or add service records. The service records your garage has already logged stay in the public vehicle history.',
        ),
        paragraph(
          `If you believe this is a mistake, or once you have dealt with the reason, please write to ${context.supportEmail} and we will review your account.`,
        ),
        { kind: 'link', label: 'Terms of Service', url: siteLink(context, '/terms-of-service') },
      ],
      reason: `You are receiving this email because your garage is registered with ${BRAND_NAME}.`,
    },
    context,
  );
}

/** The mail to a garage whose suspension an admin has lifted: it can sign in and add records again. */
export function composeGarageReinstatedMail(
  context: MailContext,
  input: { garageName: string; reason: string; reinstatedAt: number },
): ComposedMail {
  return renderMail(
    `Your ${BRAND_NAME} garage account has been reinstated`,
    {
      preheader: 'You can sign in and add service records again.',
      heading: 'Your garage account has been reinstated',
      greeting: 'Hello,',
      blocks: [
        paragraph(
          `Our team has lifted the suspension of your garage's ${BRAND_NAME} account. You can sign in and add service records again.`,
        ),
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Reason', input.reason],
            ['Reinstated on', formatLongDate(input.reinstatedAt / 1000)],
          ],
        },
        { kind: 'button', label: 'Sign in', url: siteLink(context, '/login') },
      ],
      reason: `You are receiving this email because your garage is registered with ${BRAND_NAME}.`,
    },
    context,
  );
}
