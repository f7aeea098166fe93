/** The mails about a garage's subscription: its trial, a failed payment and a cancellation (Stripe's events, through billing). */
import { PLAN } from '@sh/shared/contract';
import { BRAND_NAME, type ComposedMail, type MailContext, paragraph, renderMail, siteLink } from './mail-layout.js';
import { formatLongDate, formatPlanPrice } from './mail-values.js';

/** One subscription mail: its heading (the subject too, unless it has its own), its paragraphs and one button. */
interface SubscriptionMail {
  subject?: string;
  heading: string;
  preheader: string;
  paragraphs: string[];
  button: { label: string; path: string };
  /** Why the garage got it; by default, because it has a subscription. */
  reason?: string;
}

function renderSubscriptionMail(context: MailContext, mail: SubscriptionMail): ComposedMail {
  const blocks = [
    ...mail.paragraphs.map(paragraph),
    { kind: 'button' as const, label: mail.button.label, url: siteLink(context, mail.button.path) },
  ];
  const reason = mail.reason ?? `You are receiving this email because your garage has a ${BRAND_NAME} subscription.`;
  const body = { preheader: mail.preheader, heading: mail.heading, greeting: 'Hello,', blocks, reason };
  return renderMail(mail.subject ?? mail.heading, body, context);
}

/** Confirms that the garage's free trial has started and when it ends. */
export function composeTrialStartedMail(context: MailContext, input: { trialEnd: number | null }): ComposedMail {
  const ends = input.trialEnd === null ? `in ${PLAN.trialDays} days` : `on ${formatLongDate(input.trialEnd)}`;
  return renderSubscriptionMail(context, {
    heading: `Your ${PLAN.trialDays}-day free trial has started`,
    preheader: `Your free trial of the ${PLAN.name} ends ${ends}.`,
    paragraphs: [
      `Thank you for choosing the ${PLAN.name}. Your free trial has started and you have full access to all features.`,
      `Your trial ends ${ends}. After that your subscription continues at ${formatPlanPrice()} a month. You can cancel at any time before then from your account, and you will not be charged.`,
    ],
    button: { label: 'Add your first service record', path: '/garage' },
    reason: `You are receiving this email because a ${BRAND_NAME} subscription was started for your garage.`,
  });
}

/** Stripe's three-day notice before a trial ends: what will be charged and how to change it. */
export function composeTrialEndingMail(context: MailContext, input: { trialEnd: number | null }): ComposedMail {
  const when = input.trialEnd === null ? 'in 3 days' : `on ${formatLongDate(input.trialEnd)}`;
  return renderSubscriptionMail(context, {
    heading: 'Your free trial ends in 3 days',
    preheader: `Your ${PLAN.name} trial ends ${when}.`,
    paragraphs: [
      `Your free trial of the ${PLAN.name} ends ${when}. From then, ${formatPlanPrice()} a month will be taken from the card on your account.`,
      'To keep adding service records, you do not need to do anything. If you would like to update your card or cancel, you can do so in your account.',
    ],
    button: { label: 'Manage billing', path: '/account' },
  });
}

/** Tells the garage its payment failed and asks it to update the card. */
export function composePaymentFailedMail(context: MailContext): ComposedMail {
  return renderSubscriptionMail(context, {
    subject: 'Payment failed: please update your card details',
    heading: 'Your payment failed',
    preheader: `We could not take your ${PLAN.name} payment.`,
    paragraphs: [
      `We were unable to take your monthly payment of ${formatPlanPrice()} for the ${PLAN.name}. This can happen when a card has expired or been replaced.`,
      'Please update your card details so that you can keep adding service records. Your existing records remain visible in the meantime.',
    ],
    button: { label: 'Update your card', path: '/account' },
  });
}

/** Confirms a cancellation and that the garage's records stay visible. */
export function composeSubscriptionCancelledMail(context: MailContext): ComposedMail {
  return renderSubscriptionMail(context, {
    heading: 'Your subscription has been cancelled',
    preheader: 'Your service records stay visible.',
    paragraphs: [
      `Your ${BRAND_NAME} subscription has been cancelled and you will not be charged again.`,
      'Your records stay visible: every service history you have recorded remains in the public vehicle lookup. You will not be able to add new records unless you subscribe again.',
    ],
    button: { label: 'Subscribe again', path: '/pricing' },
    reason: `You are receiving this email because your garage had a ${BRAND_NAME} subscription.`,
  });
}
