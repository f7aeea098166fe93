import { describe, expect, it } from 'vitest';
import { composeGarageReinstatedMail } from './garage-decision-mails.js';
import { composeGarageSuspendedMail } from './garage-decision-mails.js';
import { composeServiceRecordAmendedMail, describeChangedFields } from './record-correction-mails.js';
import { composeServiceRecordWithdrawnMail } from './record-correction-mails.js';
import { type MailContext } from './mail-layout.js';
import { formatLongDateOfIso } from './mail-values.js';

const context: MailContext = { publicUrl: 'https://example.co.uk', supportEmail: 'support@example.co.uk' };
const HOSTILE = '<script>alert("x")</script> & <b>';
const MARCH_14 = Date.UTC(2026, 2, 14, 12);

describe('the mails of admin actions', () => {
  const mails = [
    composeGarageSuspendedMail(context, { garageName: HOSTILE, reason: HOSTILE, suspendedAt: MARCH_14 }),
    composeGarageReinstatedMail(context, { garageName: HOSTILE, reason: HOSTILE, reinstatedAt: MARCH_14 }),
    composeServiceRecordAmendedMail(context, {
      registration: 'AB12CDE',
      garageName: HOSTILE,
      serviceDate: '2026-03-10',
      changedFields: ['notes'],
      reason: HOSTILE,
      amendedAt: new Date(MARCH_14).toISOString(),
    }),
    composeServiceRecordWithdrawnMail(context, {
      registration: 'AB12CDE',
      garageName: HOSTILE,
      serviceDate: '2026-03-10',
      reason: HOSTILE,
      withdrawnAt: new Date(MARCH_14).toISOString(),
    }),
  ];

  it('escape the reason and the garage name in the HTML part and keep them readable in the text part', () => {
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Reason</td>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
      expect(mail.text).toContain(`Reason: ${HOSTILE}`);
      expect(mail.text).toContain('14 March 2026');
    }
  });

  it('keep a reason with line breaks out of the subject line', () => {
    const mail = composeServiceRecordAmendedMail(context, {
      registration: 'AB12CDE',
      garageName: 'Hartley Motors',
      serviceDate: '2026-03-10',
      changedFields: ['notes'],
      reason: 'Typo\r\nBcc: victim@example.com',
      amendedAt: new Date(MARCH_14).toISOString(),
    });
    expect(mail.subject).toBe('A service record for AB12CDE was amended');
  });
});

describe('describeChangedFields', () => {
  it('names the amended fields as the garage reads them, and an unknown one as it came', () => {
    expect(describeChangedFields(['service_type', 'notes', 'service_date', 'customer_email', 'customer_phone'])).toBe(
      'Service type, Notes, Service date, Customer email, Customer phone',
    );
    expect(describeChangedFields(['mileage'])).toBe('mileage');
  });
});

describe('formatLongDateOfIso', () => {
  it('writes an event time in the long British form on the UK calendar, and shows an unreadable one as given', () => {
    expect(formatLongDateOfIso('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
    expect(formatLongDateOfIso('yesterday')).toBe('yesterday');
  });
});
