import { describe, expect, it } from 'vitest';
import { composeCallbackRequestMail } from './compose-callback-request-mail.js';
import { composeContactMessageMail } from './compose-contact-message-mail.js';
import { composeCustomerServiceRecordedMail } from './compose-customer-service-recorded-mail.js';
import { composeEmailConfirmationMail } from './compose-email-confirmation-mail.js';
import { composeGarageWelcomeMail } from './compose-garage-welcome-mail.js';
import { composePasswordResetMail, describeResetValidity } from './compose-password-reset-mail.js';
import { composeServiceRecordReceiptMail } from './compose-service-record-receipt-mail.js';
import { siteLink, type MailContext } from './mail-layout.js';
import { formatCalendarDate, formatLongDate, formatMileage } from './mail-values.js';

const context: MailContext = { publicUrl: 'https://example.co.uk', supportEmail: 'support@example.co.uk' };
const HOSTILE = '<script>alert("x")</script> & <b>';

const serviceRecord = {
  garageName: 'Hartley Motors Ltd',
  registration: 'AB12CDE',
  vin: 'WVWZZZ1JZXW000001',
  serviceDate: '2026-03-14',
  mileage: 45_210,
  serviceType: 'Full Service, Oil & Filter Change',
  signedBy: 'Priya Smith',
  hash: '0123456789abcdef'.repeat(4),
  position: 3,
};

describe('mail templates', () => {
  it('escape every value a user typed in the HTML part and keep it readable in the text part', () => {
    const mails = [
      composeGarageWelcomeMail(context, { garageName: HOSTILE, fullName: HOSTILE, referralCode: 'GAR-ABCDEFGH' }),
      composeContactMessageMail(context, {
        name: HOSTILE,
        email: 'a@b.co.uk',
        subject: HOSTILE,
        message: HOSTILE,
        messageId: 'm1',
      }),
      composeCallbackRequestMail(context, {
        fullName: HOSTILE,
        garageName: HOSTILE,
        phone: HOSTILE,
        bestTime: HOSTILE,
        message: HOSTILE,
        requestId: 'r1',
      }),
      composeServiceRecordReceiptMail(
        context,
        { ...serviceRecord, serviceType: HOSTILE, signedBy: HOSTILE },
        { leafIndex: 1, treeSize: 2, note: HOSTILE },
      ),
      composeCustomerServiceRecordedMail(context, { ...serviceRecord, garageName: HOSTILE, serviceType: HOSTILE }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
      expect(mail.text).toContain('<script>alert("x")</script>');
    }
  });

  it('keep a subject on one line whatever the values hold', () => {
    const mail = composeContactMessageMail(context, {
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'e@x.co.uk',
      subject: 'general',
      message: 'hi',
      messageId: 'm',
    });
    expect(mail.subject).toBe('Contact form: General enquiry from Eve Bcc: victim@example.com');
  });

  it('encode the token in links and keep a path in PUBLIC_URL', () => {
    const mail = composeEmailConfirmationMail(
      { ...context, publicUrl: 'https://example.co.uk/app' },
      { token: 'a+b/c=&d' },
    );
    expect(mail.text).toContain('https://example.co.uk/app/confirm-email?token=a%2Bb%2Fc%3D%26d');
    expect(siteLink(context, '/reset-password', { token: 'x y' })).toBe(
      'https://example.co.uk/reset-password?token=x+y',
    );
  });

  it('say how long a reset link lasts', () => {
    expect(describeResetValidity(60 * 60_000)).toBe('1 hour');
    expect(describeResetValidity(2 * 60 * 60_000)).toBe('2 hours');
    expect(describeResetValidity(30 * 60_000)).toBe('30 minutes');
    expect(composePasswordResetMail(context, { token: 't' }).text).toContain(
      'This link is valid for 1 hour and can be used once.',
    );
  });

  it('write dates in the long British form on the UK calendar', () => {
    expect(formatLongDate(Date.UTC(2026, 2, 14, 12) / 1000)).toBe('14 March 2026');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatLongDate(Date.UTC(2026, 5, 30, 23, 30) / 1000)).toBe('1 July 2026');
  });
});

describe('formatCalendarDate and formatMileage', () => {
  it('write a service date in the long British form without moving it across a time zone', () => {
    expect(formatCalendarDate('2026-03-14')).toBe('14 March 2026');
    expect(formatCalendarDate('2026-06-30')).toBe('30 June 2026');
    expect(formatCalendarDate('2026-01-01')).toBe('1 January 2026');
  });

  it('show a value that is not a real date as given', () => {
    expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30');
    expect(formatCalendarDate('14/03/2026')).toBe('14/03/2026');
  });

  it('write miles with thousands separators', () => {
    expect(formatMileage(45_210)).toBe('45,210 miles');
    expect(formatMileage(999_999)).toBe('999,999 miles');
    expect(formatMileage(1)).toBe('1 mile');
    expect(formatMileage(0)).toBe('0 miles');
  });
});

/** A checkpoint note as records signs one (the signature is made up: the layout is what is checked here). */
const NOTE =
  'localhost/wrenchmark-development-log\n1234\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n\u2014 localhost/wrenchmark-development-log Cv0nJPsAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==\n';

describe('composeServiceRecordReceiptMail', () => {
  const mail = composeServiceRecordReceiptMail(context, serviceRecord, { leafIndex: 1200, treeSize: 1234, note: NOTE });

  it('names the registration in the subject', () => {
    expect(mail.subject).toBe('Service record receipt: AB12CDE');
  });

  it('lists what was recorded, who signed it, and where the entry sits in the chain', () => {
    expect(mail.text).toContain('Registration: AB12CDE');
    expect(mail.text).toContain('VIN: WVWZZZ1JZXW000001');
    expect(mail.text).toContain('Service date: 14 March 2026');
    expect(mail.text).toContain('Mileage: 45,210 miles');
    expect(mail.text).toContain('Services: Full Service, Oil & Filter Change');
    expect(mail.text).toContain('Signed by: Priya Smith');
    expect(mail.text).toContain("Position in history: Entry 3 of this vehicle's history");
    expect(mail.text).toContain(`SHA-256 hash of this entry:\n${serviceRecord.hash}`);
    expect(mail.html).toContain(`>${serviceRecord.hash}</p>`);
    expect(mail.html).toContain('Full Service, Oil &amp; Filter Change');
  });

  it('links to the dashboard, the public history and the page on checking a history', () => {
    expect(mail.html).toContain('href="https://example.co.uk/garage"');
    expect(mail.html).toContain('href="https://example.co.uk/vehicle-results?reg=AB12CDE"');
    expect(mail.html).toContain('href="https://example.co.uk/verify-records"');
    expect(mail.text).toContain('Go to your dashboard:\nhttps://example.co.uk/garage');
    expect(mail.text).toContain(
      'View the public history of AB12CDE:\nhttps://example.co.uk/vehicle-results?reg=AB12CDE',
    );
    expect(mail.text).toContain('How anyone can check a vehicle history:\nhttps://example.co.uk/verify-records');
  });

  it('calls the history tamper-evident, never tamper-proof', () => {
    expect(mail.text).toContain('tamper-evident');
    expect(`${mail.text}${mail.html}`).not.toMatch(/tamper[- ]?proof/i);
  });

  it('carries the signed checkpoint that covers the entry line for line, and links to its inclusion proof and the checkpoint', () => {
    expect(mail.text).toContain("in Wrenchmark's public log of every history entry, as leaf 1200.");
    expect(mail.text).toContain('covers its first 1,234 entries, this one among them:');
    // The text part keeps the note's lines (and the blank line before the signature) as they must be copied.
    expect(mail.text).toContain(`Signed checkpoint (tree size 1234):\n\n${NOTE.trimEnd()}\n`);
    // The HTML part keeps them too, in a <pre> that wraps.
    expect(mail.html).toContain(`white-space: pre-wrap; word-break: break-all;">${NOTE}</pre>`);
    const proof = 'https://example.co.uk/api/v1/service-records/log/proof/inclusion?leaf=1200&size=1234';
    expect(mail.html).toContain(`href="${proof.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(`Inclusion proof of this entry:\n${proof}`);
    expect(mail.text).toContain(
      'This checkpoint as the log publishes it:\nhttps://example.co.uk/api/v1/service-records/log/checkpoint/1234',
    );
  });

  it('says nothing of the log for a record whose event carried no leaf index', () => {
    const legacy = composeServiceRecordReceiptMail(context, serviceRecord, null);
    expect(legacy.text).toContain(`SHA-256 hash of this entry:\n${serviceRecord.hash}`);
    expect(legacy.text).not.toMatch(/checkpoint|inclusion proof|public log/i);
  });
});

describe('composeCustomerServiceRecordedMail', () => {
  const mail = composeCustomerServiceRecordedMail(context, serviceRecord);

  it('says which garage recorded a service for which vehicle, and when', () => {
    expect(mail.subject).toBe('Hartley Motors Ltd recorded a service for AB12CDE');
    expect(mail.text).toContain('Hartley Motors Ltd recorded a service for AB12CDE on 14 March 2026.');
    expect(mail.text).toContain('Mileage: 45,210 miles');
  });

  it('links to the vehicle history and says why the reader got the mail', () => {
    expect(mail.html).toContain('href="https://example.co.uk/vehicle-results?reg=AB12CDE"');
    expect(mail.text).toContain('View the service history:\nhttps://example.co.uk/vehicle-results?reg=AB12CDE');
    expect(mail.text).toContain(
      'because Hartley Motors Ltd entered this email address when logging a service for AB12CDE',
    );
  });

  it('leaves out the hash and the garage dashboard', () => {
    expect(mail.text).not.toContain(serviceRecord.hash);
    expect(mail.text).not.toMatch(/hash|SHA-256/i);
    expect(mail.text).not.toContain('/garage');
  });

  it('keeps a hostile garage name out of the HTML and the subject on one line', () => {
    const hostile = composeCustomerServiceRecordedMail(context, {
      ...serviceRecord,
      garageName: 'Evil <script>x</script>\r\nBcc: a@b.c',
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('Evil &lt;script&gt;x&lt;/script&gt;');
    expect(hostile.subject).toBe('Evil <script>x</script> Bcc: a@b.c recorded a service for AB12CDE');
  });
});

describe('mails to the support team', () => {
  it('leave out the customer footer and sign-off', () => {
    const mail = composeCallbackRequestMail(context, {
      fullName: 'A',
      garageName: 'B',
      phone: '01234567890',
      bestTime: 'morning',
      message: null,
      requestId: 'r',
    });
    expect(mail.text).not.toContain('Questions? Email');
    expect(mail.text).not.toContain('Kind regards');
    expect(composePasswordResetMail(context, { token: 't' }).text).toContain(
      'Questions? Email support@example.co.uk. We reply within 24 hours.',
    );
  });
});
