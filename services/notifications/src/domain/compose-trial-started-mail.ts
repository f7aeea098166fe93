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

/** Confirms that the garage's free trial has started and when it ends. */
export function composeTrialStartedMail(context: MailContext, input: { trialEnd: number | null }): ComposedMail {
  const ends = input.trialEnd === null ? `in ${PLAN.trialDays} days` : `on ${formatLongDate(input.trialEnd)}`;
  return renderMail(
    `Your ${PLAN.trialDays}-day free trial has started`,
    {
      preheader: `Your free trial of the ${PLAN.name} ends ${ends}.`,
      heading: `Your ${PLAN.trialDays}-day free trial has started`,
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Thank you for choosing the ${PLAN.name}. Your free trial has started and you have full access to all features.`,
        },
        {
          kind: 'paragraph',
          text: `Your trial ends ${ends}. After that your subscription continues at ${formatPlanPrice()} a month. You can cancel at any time before then from your account, and you will not be charged.`,
        },
        { kind: 'button', label: 'Add your first service record', url: siteLink(context, '/garage') },
      ],
      reason: `You are receiving this email because a ${BRAND_NAME} subscription was started for your garage.`,
    },
    context,
  );
}
