import { PLAN } from '@sh/shared/contract';
import {
  BRAND_NAME,
  formatLongDate,
  formatPlanPrice,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

/** Stripe's three-day notice before a trial ends: what will be charged and how to change it. */
export function composeTrialEndingMail(context: MailContext, input: { trialEnd: number | null }): ComposedMail {
  const when = input.trialEnd === null ? 'in 3 days' : `on ${formatLongDate(input.trialEnd)}`;
  return renderMail(
    'Your free trial ends in 3 days',
    {
      preheader: `Your ${PLAN.name} trial ends ${when}.`,
      heading: 'Your free trial ends in 3 days',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Your free trial of the ${PLAN.name} ends ${when}. From then, ${formatPlanPrice()} a month will be taken from the card on your account.`,
        },
        {
          kind: 'paragraph',
          text: 'To keep adding service records, you do not need to do anything. If you would like to update your card or cancel, you can do so in your account.',
        },
        { kind: 'button', label: 'Manage billing', url: siteLink(context, '/account') },
      ],
      reason: `You are receiving this email because your garage has a ${BRAND_NAME} subscription.`,
    },
    context,
  );
}
