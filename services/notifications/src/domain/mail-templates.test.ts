import { describe, expect, it } from 'vitest';
import { chooseSubscriptionMail } from './choose-subscription-mail.js';
import { composeCallbackRequestMail } from './compose-callback-request-mail.js';
import { composeContactMessageMail } from './compose-contact-message-mail.js';
import { composeEmailConfirmationMail } from './compose-email-confirmation-mail.js';
import { composeGarageWelcomeMail } from './compose-garage-welcome-mail.js';
import { composePasswordResetMail, describeResetValidity } from './compose-password-reset-mail.js';
import { formatLongDate, siteLink, type MailContext } from './mail-layout.js';
import { planMailRetry } from './plan-mail-retry.js';

const context: MailContext = { publicUrl: 'https://example.co.uk', supportEmail: 'support@example.co.uk' };
const HOSTILE = '<script>alert("x")</script> & <b>';

describe('mail templates', () => {
  it('escape every value a user typed in the HTML part and keep it readable in the text part', () => {
    const mails = [
      composeGarageWelcomeMail(context, { garageName: HOSTILE, fullName: HOSTILE, referralCode: 'GAR-ABCDEFGH' }),
      composeContactMessageMail(context, { name: HOSTILE, email: 'a@b.co.uk', subject: HOSTILE, message: HOSTILE, messageId: 'm1' }),
      composeCallbackRequestMail(context, { fullName: HOSTILE, garageName: HOSTILE, phone: HOSTILE, bestTime: HOSTILE, message: HOSTILE, requestId: 'r1' }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
      expect(mail.text).toContain('<script>alert("x")</script>');
    }
  });

  it('keep a subject on one line whatever the values hold', () => {
    const mail = composeContactMessageMail(context, { name: 'Eve\r\nBcc: victim@example.com', email: 'e@x.co.uk', subject: 'general', message: 'hi', messageId: 'm' });
    expect(mail.subject).toBe('Contact form: General enquiry from Eve Bcc: victim@example.com');
  });

  it('encode the token in links and keep a path in PUBLIC_URL', () => {
    const mail = composeEmailConfirmationMail({ ...context, publicUrl: 'https://example.co.uk/app' }, { token: 'a+b/c=&d' });
    expect(mail.text).toContain('https://example.co.uk/app/confirm-email?token=a%2Bb%2Fc%3D%26d');
    expect(siteLink(context, '/reset-password', { token: 'x y' })).toBe('https://example.co.uk/reset-password?token=x+y');
  });

  it('say how long a reset link lasts', () => {
    expect(describeResetValidity(60 * 60_000)).toBe('1 hour');
    expect(describeResetValidity(2 * 60 * 60_000)).toBe('2 hours');
    expect(describeResetValidity(30 * 60_000)).toBe('30 minutes');
    expect(composePasswordResetMail(context, { token: 't' }).text).toContain('This link is valid for 1 hour and can be used once.');
  });

  it('write dates in the long British form on the UK calendar', () => {
    expect(formatLongDate(Date.UTC(2026, 2, 14, 12) / 1000)).toBe('14 March 2026');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatLongDate(Date.UTC(2026, 5, 30, 23, 30) / 1000)).toBe('1 July 2026');
  });
});

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
    expect(chooseSubscriptionMail(context, { ...change, trialEnd: null })?.mail.text).toContain('Your trial ends in 14 days.');
  });
});

describe('planMailRetry', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };

  it('doubles the delay after each failed attempt, up to the cap, then gives up', () => {
    const transient = { code: 'EMESSAGE', responseCode: 451 };
    expect([1, 2, 3, 4].map((attempt) => planMailRetry(attempt, transient, policy))).toEqual([
      { kind: 'retry', delayMs: 1000 },
      { kind: 'retry', delayMs: 2000 },
      { kind: 'retry', delayMs: 4000 },
      { kind: 'retry', delayMs: 5000 },
    ]);
    expect(planMailRetry(5, transient, policy)).toEqual({ kind: 'give_up', why: 'attempts_exhausted' });
  });

  it('gives up at once when the server refuses the recipient or the message for good', () => {
    expect(planMailRetry(1, { code: 'EENVELOPE', responseCode: 550 }, policy)).toEqual({ kind: 'give_up', why: 'permanent' });
    expect(planMailRetry(1, { code: 'EMESSAGE', responseCode: 554 }, policy)).toEqual({ kind: 'give_up', why: 'permanent' });
  });

  it('keeps retrying connection and authentication failures, which are about the set-up, not the mail', () => {
    expect(planMailRetry(1, { code: 'EAUTH', responseCode: 535 }, policy).kind).toBe('retry');
    expect(planMailRetry(1, { code: 'ECONNECTION' }, policy).kind).toBe('retry');
    expect(planMailRetry(1, { code: 'EENVELOPE', responseCode: 421 }, policy).kind).toBe('retry');
  });
});

describe('mails to the support team', () => {
  it('leave out the customer footer and sign-off', () => {
    const mail = composeCallbackRequestMail(context, { fullName: 'A', garageName: 'B', phone: '01234567890', bestTime: 'morning', message: null, requestId: 'r' });
    expect(mail.text).not.toContain('Questions? Email');
    expect(mail.text).not.toContain('Kind regards');
    expect(composePasswordResetMail(context, { token: 't' }).text).toContain('Questions? Email support@example.co.uk. We reply within 24 hours.');
  });
});
