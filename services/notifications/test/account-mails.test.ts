import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '@sh/shared/contract';
import { linkLabelled, startPlatform, TEST_CONTEXT, type Platform } from './harness.js';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;

describe('user.email_change_notice_requested', () => {
  it('tells the old address which address the account moved to, with a single-use undo link valid for 7 days', async () => {
    const oldEmail = uniqueEmail('before');
    const newEmail = uniqueEmail('after');
    const token = `undo_${randomUUID()}`;
    await platform.publish('user.email_change_notice_requested', { userId: randomUUID(), oldEmail, newEmail, token });

    const mail = await platform.smtp.waitForMail(oldEmail);
    expect(mail.subject).toBe(`Your ${BRAND.name} email address was changed`);
    expect(platform.smtp.mailsTo(newEmail)).toHaveLength(0);
    const link = linkLabelled(mail.html as string, 'Undo this change');
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/undo-email-change`);
    expect(link.searchParams.get('token')).toBe(token);
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain(newEmail);
      expect(part).toContain('7 days');
    }
    expect(mail.text).toContain(link.toString());
  });
});

describe('garage.company_released', () => {
  it('tells the garage its company number was released because its e-mail was never confirmed', async () => {
    const email = uniqueEmail('squatter');
    await platform.publish('garage.company_released', {
      garageId: randomUUID(),
      name: 'Clent Hills <Garage>',
      email,
      companyNumber: '05153249',
    });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe('Your garage registration no longer holds company 05153249');
    expect(mail.text).toContain('Clent Hills <Garage>');
    expect(mail.html).toContain('Clent Hills &lt;Garage&gt;');
    expect(mail.text).toContain('never confirmed');
    expect(mail.text).toContain(TEST_CONTEXT.supportEmail);
  });
});
