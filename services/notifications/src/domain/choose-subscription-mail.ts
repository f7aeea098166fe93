import type { TEventPayload } from '@sh/shared/contract';
import { composePaymentFailedMail } from './subscription-mails.js';
import { composeSubscriptionCancelledMail } from './subscription-mails.js';
import { composeTrialEndingMail } from './subscription-mails.js';
import { composeTrialStartedMail } from './subscription-mails.js';
import type { ComposedMail, MailContext } from './mail-layout.js';
import type { TMailTemplate } from './mail-templates.js';

export interface ChosenMail {
  template: TMailTemplate;
  mail: ComposedMail;
  /** Set where a mail must go once per subscription, whichever event reports it. */
  dedupeKey: string | null;
}

/**
 * Which mail, if any, a subscription change deserves, by the reason billing gave. Activations and plain
 * updates send nothing. A trial start, a trial-ending notice and a cancellation go once per subscription
 * (Stripe reports some of them through more than one webhook); every failed payment is worth a mail.
 */
export function chooseSubscriptionMail(
  context: MailContext,
  change: TEventPayload<'subscription.changed'>,
): ChosenMail | null {
  const once = (template: TMailTemplate, detail = '') =>
    change.subscriptionId === null ? null : `${template}:${change.subscriptionId}${detail}`;
  switch (change.reason) {
    case 'trial_started':
      return {
        template: 'trial_started',
        mail: composeTrialStartedMail(context, { trialEnd: change.trialEnd }),
        dedupeKey: once('trial_started'),
      };
    case 'trial_will_end':
      return {
        template: 'trial_ending',
        mail: composeTrialEndingMail(context, { trialEnd: change.trialEnd }),
        dedupeKey: once('trial_ending', `:${change.trialEnd ?? ''}`),
      };
    case 'payment_failed':
      return { template: 'payment_failed', mail: composePaymentFailedMail(context), dedupeKey: null };
    case 'canceled':
      return {
        template: 'subscription_cancelled',
        mail: composeSubscriptionCancelledMail(context),
        dedupeKey: once('subscription_cancelled'),
      };
    case 'activated':
    case 'updated':
      return null;
  }
}
