import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/store/enqueue-mail.js';
import { createNotificationsHandlers } from '../src/events/handlers.js';
import { startPlatform, TEST_CONTEXT, TEST_RETRY, type Platform } from './harness.js';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;

function resetRequested(email: string): TEventEnvelope<'user.password_reset_requested'> {
  return {
    id: randomUUID(),
    name: 'user.password_reset_requested',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { userId: randomUUID(), email, token: randomUUID() },
  };
}

async function mailRow(to: string) {
  const { rows } = await platform.db.pool.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    message_id: string | null;
  }>('SELECT status, attempts, last_error, message_id FROM mail_queue WHERE to_address = $1', [to]);
  return rows;
}

async function queueTestMail(to: string, eventId: string = randomUUID()) {
  await enqueueMail(platform.db.pool, {
    eventId,
    template: 'email_confirmation',
    to,
    subject: 'Test',
    html: '<p>Test</p>',
    text: 'Test',
  });
}

describe('delivering the same event twice', () => {
  it('sends one mail when the consumer is handed the same event again', async () => {
    const email = uniqueEmail('twice');
    const event = resetRequested(email);
    const handlers = createNotificationsHandlers(TEST_CONTEXT);

    expect(await applyEventOnce(platform.db.pool, handlers, event)).toBe('applied');
    await platform.smtp.waitForMail(email);
    expect(await applyEventOnce(platform.db.pool, handlers, event)).toBe('duplicate');
    await platform.sender.flush();

    expect(platform.smtp.mailsTo(email)).toHaveLength(1);
    expect(await mailRow(email)).toHaveLength(1);
  });

  it('queues one mail per (event, template) even if the inbox record were lost', async () => {
    const email = uniqueEmail('unique');
    const eventId = randomUUID();
    expect(
      await enqueueMail(platform.db.pool, {
        eventId,
        template: 'password_reset',
        to: email,
        subject: 'S',
        html: 'H',
        text: 'T',
      }),
    ).toBe(true);
    expect(
      await enqueueMail(platform.db.pool, {
        eventId,
        template: 'password_reset',
        to: email,
        subject: 'S',
        html: 'H',
        text: 'T',
      }),
    ).toBe(false);
    await platform.smtp.waitForMail(email);
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(email)).toHaveLength(1);
  });
});

describe('an SMTP server that refuses', () => {
  it('is retried with backoff after a 451 and the mail goes through later', async () => {
    const email = uniqueEmail('greylisted');
    platform.smtp.refuse(email, { code: 451, times: 1, stage: 'data' });
    await queueTestMail(email);

    await platform.smtp.waitForMail(email);
    const attempts = platform.smtp.attempts.filter((a) => a.to.includes(email));
    expect(attempts.map((a) => a.outcome)).toEqual([451, 'accepted']);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(TEST_RETRY.baseDelayMs);
    await expect.poll(async () => (await mailRow(email))[0]?.status).toBe('sent');
    const [row] = await mailRow(email);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row!.last_error).toContain('451');
  });

  it('backs off exponentially between refusals', async () => {
    const email = uniqueEmail('busy');
    platform.smtp.refuse(email, { code: 421, times: 2, stage: 'rcpt' });
    await queueTestMail(email);

    await platform.smtp.waitForMail(email);
    const times = platform.smtp.attempts.filter((a) => a.to.includes(email)).map((a) => a.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(TEST_RETRY.baseDelayMs);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(TEST_RETRY.baseDelayMs * 2);
  });

  it('gives up at once on a permanent 550 for the recipient, and records why', async () => {
    const email = uniqueEmail('nobody');
    platform.smtp.refuse(email, { code: 550, times: 5, stage: 'rcpt' });
    await queueTestMail(email);

    await expect.poll(async () => (await mailRow(email))[0]?.status).toBe('failed');
    const [row] = await mailRow(email);
    expect(row).toMatchObject({ attempts: 1 });
    expect(row!.last_error).toContain('550');
    expect(platform.smtp.attempts.filter((a) => a.to.includes(email))).toHaveLength(1);
  });

  it('stops after the last allowed attempt of a server that keeps refusing', async () => {
    const email = uniqueEmail('down');
    platform.smtp.refuse(email, { code: 451, times: 100, stage: 'data' });
    await queueTestMail(email);

    await expect.poll(async () => (await mailRow(email))[0]?.status, { timeout: 15_000 }).toBe('failed');
    expect(await mailRow(email)).toMatchObject([{ attempts: TEST_RETRY.maxAttempts }]);
    expect(platform.smtp.attempts.filter((a) => a.to.includes(email))).toHaveLength(TEST_RETRY.maxAttempts);
  });

  it('keeps a mail that failed for good without the token of its link, and keeps the rest of it', async () => {
    const email = uniqueEmail('bounced');
    const event = resetRequested(email);
    platform.smtp.refuse(email, { code: 550, times: 5, stage: 'data' });
    expect(await applyEventOnce(platform.db.pool, createNotificationsHandlers(TEST_CONTEXT), event)).toBe('applied');

    await expect.poll(async () => (await mailRow(email))[0]?.status).toBe('failed');
    const { rows } = await platform.db.pool.query<{ html_body: string; text_body: string; last_error: string }>(
      'SELECT html_body, text_body, last_error FROM mail_queue WHERE to_address = $1',
      [email],
    );
    const row = rows[0]!;
    for (const stored of [row.html_body, row.text_body, row.last_error])
      expect(stored).not.toContain(event.payload.token);
    expect(row.text_body).toContain(`${TEST_CONTEXT.publicUrl}/reset-password?token=[redacted]`);
    expect(row.html_body).toContain('Reset your password');
  });
});

describe('the delivery loop', () => {
  it('lets several senders share the queue without sending any mail twice', async () => {
    const extra = [platform.startExtraSender(), platform.startExtraSender()];
    const recipients = Array.from({ length: 30 }, (_, i) => uniqueEmail(`crowd${i}`));
    for (const email of recipients) await queueTestMail(email);

    await expect
      .poll(() => recipients.every((email) => platform.smtp.mailsTo(email).length > 0), { timeout: 15_000 })
      .toBe(true);
    await Promise.all(extra.map((sender) => sender.flush()));
    await platform.sender.flush();
    for (const email of recipients) expect(platform.smtp.mailsTo(email)).toHaveLength(1);
  });

  it('sends again a mail whose sender died mid-send, under the same Message-ID', async () => {
    const email = uniqueEmail('crashed');
    const eventId = randomUUID();
    // A sender claimed the mail (status sending, one attempt) and died; its claim lapsed a second ago.
    await platform.db.pool.query(
      `INSERT INTO mail_queue (event_id, template, to_address, subject, html_body, text_body, status, attempts, next_attempt_at)
       VALUES ($1, 'email_confirmation', $2, 'Test', '<p>Test</p>', 'Test', 'sending', 1, now() - interval '1 second')`,
      [eventId, email],
    );
    const mail = await platform.smtp.waitForMail(email);
    const { rows } = await platform.db.pool.query<{ id: string }>('SELECT id FROM mail_queue WHERE event_id = $1', [
      eventId,
    ]);
    expect(mail.messageId).toBe(`<${rows[0]!.id}@servicehistory.test>`);
    await expect.poll(async () => (await mailRow(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leaves a mail claimed by a live sender alone until its claim lapses', async () => {
    const email = uniqueEmail('claimed');
    await platform.db.pool.query(
      `INSERT INTO mail_queue (event_id, template, to_address, subject, html_body, text_body, status, attempts, next_attempt_at)
       VALUES ($1, 'email_confirmation', $2, 'Test', '<p>Test</p>', 'Test', 'sending', 1, now() + interval '1 hour')`,
      [randomUUID(), email],
    );
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(email)).toHaveLength(0);
    expect(await mailRow(email)).toMatchObject([{ status: 'sending', attempts: 1 }]);
  });
});
