import { BRAND_NAME, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/** Confirms a cancellation and that the garage's records stay visible. */
export function composeSubscriptionCancelledMail(context: MailContext): ComposedMail {
  return renderMail(
    'Your subscription has been cancelled',
    {
      preheader: 'Your service records stay visible.',
      heading: 'Your subscription has been cancelled',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Your ${BRAND_NAME} subscription has been cancelled and you will not be charged again.`,
        },
        {
          kind: 'paragraph',
          text: 'Your records stay visible: every service history you have recorded remains in the public vehicle lookup. You will not be able to add new records unless you subscribe again.',
        },
        { kind: 'button', label: 'Subscribe again', url: siteLink(context, '/pricing') },
      ],
      reason: `You are receiving this email because your garage had a ${BRAND_NAME} subscription.`,
    },
    context,
  );
}
