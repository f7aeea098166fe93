import { PLAN } from '@sh/shared/contract';
import {
  BRAND_NAME,
  formatPlanPrice,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

/** Tells the garage its payment failed and asks it to update the card. */
export function composePaymentFailedMail(context: MailContext): ComposedMail {
  return renderMail(
    'Payment failed: please update your card details',
    {
      preheader: `We could not take your ${PLAN.name} payment.`,
      heading: 'Your payment failed',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `We were unable to take your monthly payment of ${formatPlanPrice()} for the ${PLAN.name}. This can happen when a card has expired or been replaced.`,
        },
        {
          kind: 'paragraph',
          text: 'Please update your card details so that you can keep adding service records. Your existing records remain visible in the meantime.',
        },
        { kind: 'button', label: 'Update your card', url: siteLink(context, '/account') },
      ],
      reason: `You are receiving this email because your garage has a ${BRAND_NAME} subscription.`,
    },
    context,
  );
}
