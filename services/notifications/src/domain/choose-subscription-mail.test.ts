import { describe, expect, it } from 'vitest';
import { chooseSubscriptionMail } from './choose-subscription-mail.js';
import { composePaymentFailedMail } from './subscription-mails.js';
import type { MailContext } from './mail-layout.js';

const context: MailContext = { publicUrl: 'https://example.co.uk', supportEmail: 'support@example.co.uk' };

describe('chooseSubscriptionMail', () => {
  const change = {
    garageId: '7f1d5a52-53a4-4a0e-9a43-5b0b2b1f2d11',
    email: 'garage@example.co.uk',
    status: 'trialing' as const,
    previousStatus: null,
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    currentPeriodEnd: null,
    trialEnd: 1_773_489_600,
    cancelAtPeriodEnd: false,
    reason: 'trial_started' as const,
    stateAt: 1,
  };

  it('picks the mail by reason and sends nothing for activations and plain updates', () => {
    expect(chooseSubscriptionMail(context, change)?.template).toBe('trial_started');
    expect(chooseSubscriptionMail(context, { ...change, reason: 'trial_will_end' })?.template).toBe('trial_ending');
    expect(chooseSubscriptionMail(context, { ...change, reason: 'payment_failed' })?.template).toBe('payment_failed');
    expect(chooseSubscriptionMail(context, { ...change, reason: 'canceled' })?.template).toBe('subscription_cancelled');
    expect(chooseSubscriptionMail(context, { ...change, reason: 'activated' })).toBeNull();
    expect(chooseSubscriptionMail(context, { ...change, reason: 'updated' })).toBeNull();
  });

  it('sends a trial start once per subscription but every failed payment', () => {
    expect(chooseSubscriptionMail(context, change)?.dedupeKey).toBe('trial_started:sub_1');
    expect(chooseSubscriptionMail(context, { ...change, reason: 'payment_failed' })?.dedupeKey).toBeNull();
  });

  it('falls back to "in 14 days" when the trial end is not known', () => {
    expect(chooseSubscriptionMail(context, { ...change, trialEnd: null })?.mail.text).toContain(
      'Your trial ends in 14 days.',
    );
  });

  it('sends a trial-ending notice once per subscription and trial end, and a cancellation once per subscription', () => {
    expect(chooseSubscriptionMail(context, { ...change, reason: 'trial_will_end' })?.dedupeKey).toBe(
      'trial_ending:sub_1:1773489600',
    );
    expect(chooseSubscriptionMail(context, { ...change, reason: 'trial_will_end', trialEnd: null })?.dedupeKey).toBe(
      'trial_ending:sub_1:',
    );
    expect(chooseSubscriptionMail(context, { ...change, reason: 'canceled' })?.dedupeKey).toBe(
      'subscription_cancelled:sub_1',
    );
  });

  it('cannot dedupe a change that names no subscription, so sends it without a key', () => {
    const anonymous = { ...change, subscriptionId: null };
    expect(chooseSubscriptionMail(context, anonymous)).toMatchObject({ template: 'trial_started', dedupeKey: null });
    expect(chooseSubscriptionMail(context, { ...anonymous, reason: 'canceled' })?.dedupeKey).toBeNull();
  });

  it('composes the mail of its template', () => {
    const chosen = chooseSubscriptionMail(context, { ...change, reason: 'payment_failed' })!;
    expect(chosen.mail).toEqual(composePaymentFailedMail(context));
  });
});
