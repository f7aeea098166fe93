/**
 * Service reminders (docs/product.md#service-reminders) with notifications as its own process (its main.ts: consumer,
 * relay, mail delivery loop and the scheduled BullMQ scan, every 300 ms here), on real Postgres, Redis and an SMTP
 * server that captures what it is sent. The test's service_record.created events are written to notifications' own
 * outbox, standing in for records': its relay publishes them as records' would.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import type { TEventPayload } from '@sh/shared/contract';
import { hashToken, signAccessToken, writeEvent } from '@sh/shared/server';
import {
  callJson,
  createTestDatabase,
  deleteKeysUnder,
  NOBODY_URL,
  startServiceProcess,
  TEST_KEY_PAIR,
  testQueuePrefix,
  TEST_REDIS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/domain/reminder-due-date.js';
import { linkLabelled, MIGRATIONS_DIR, TEST_CONTEXT, TEST_INTERNAL_TOKEN } from './harness.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

let db: TestDatabase;
let smtp: SmtpCapture;
const prefix = testQueuePrefix();
const running: ServiceProcess[] = [];

/** Notifications as its own process, on the file's database, Redis prefix and SMTP server. */
async function startNotifications(): Promise<ServiceProcess & { pid: number }> {
  const service = await startServiceProcess('notifications', {
    db,
    env: {
      REDIS_KEY_PREFIX: prefix,
      SMTP_URL: smtp.url,
      PUBLIC_URL: TEST_CONTEXT.publicUrl,
      SUPPORT_EMAIL: TEST_CONTEXT.supportEmail,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      RECORDS_URL: NOBODY_URL,
      REMINDER_SCAN_INTERVAL_MS: '300',
    },
  });
  running.push(service);
  const listening = service.lines.find((line) => line.includes('"msg":"notifications listening"'))!;
  return { ...service, pid: (JSON.parse(listening) as { pid: number }).pid };
}

beforeAll(async () => {
  db = await createTestDatabase('notifications', MIGRATIONS_DIR);
  smtp = await startSmtpCapture();
}, 60_000);
afterAll(async () => {
  for (const service of running) await service.stop();
  await deleteKeysUnder(TEST_REDIS_URL, prefix);
  await smtp?.close();
  await db?.drop();
});

/** Today on the UK calendar, YYYY-MM-DD. */
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const garageId = randomUUID();
const registration = 'RM25DUE';
const reminderMails = (to: string) => smtp.mailsTo(to).filter((mail) => mail.subject?.includes('is due a service'));
const customerMails = (to: string) => smtp.mailsTo(to).filter((mail) => mail.subject?.includes('recorded a service'));

function serviceRecorded(customerEmail: string, serviceDate: string): TEventPayload<'service_record.created'> {
  return {
    recordId: randomUUID(),
    garageId,
    garageName: 'Reminder Motors',
    garageEmail: null,
    registration,
    vin: 'WVWZZZ1JZXW000025',
    serviceDate,
    mileage: 40_000,
    serviceType: 'Full Service',
    signedBy: 'Priya Smith',
    hash: createHash('sha256').update(randomUUID()).digest('hex'),
    position: 1,
    customerEmail,
    leafIndex: null,
  };
}

function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** A URL of the site's (PUBLIC_URL) as the running process answers it. */
const onService = (service: ServiceProcess, url: URL) => `${service.url}${url.pathname}${url.search}`;

async function rowCount(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
  return rows[0]!.n;
}

describe('service reminders', () => {
  const keeps = `keeps.${randomUUID().slice(0, 8)}@example.co.uk`;
  const leaves = `leaves.${randomUUID().slice(0, 8)}@example.co.uk`;
  const today = ukToday();
  const lastYear = addMonths(today, -11);
  /** A service 12 months ago: its reminder is overdue by a month. */
  const earlier = addMonths(today, -12);

  it('sends a reminder due today once, across a restart of notifications mid-scan, and unsubscribing stops the next', async () => {
    const first = await startNotifications();

    // A service recorded a while ago: each customer's mail offers a reminder, and nothing is scheduled until asked.
    for (const to of [keeps, leaves]) await writeEvent(db.pool, 'service_record.created', serviceRecorded(to, earlier));
    const offers = await Promise.all([keeps, leaves].map((to) => smtp.waitForMail(to)));
    expect(await rowCount('SELECT 1 FROM reminders')).toBe(0);
    for (const [index, offer] of offers.entries()) {
      const link = linkLabelled(offer.html as string, 'Set up a service reminder');
      expect(link.pathname).toBe('/service-reminder');
      const confirmed = await callJson(first.url, 'POST', '/api/v1/reminders/opt-in', {
        body: { token: link.searchParams.get('token') },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toMatchObject({ registration, garageName: 'Reminder Motors', dueFrom: 'service' });
      expect(await rowCount('SELECT 1 FROM reminders')).toBe(index + 1);
    }

    // Both are overdue: the scan queues one reminder each, with RFC 8058's headers.
    const [keepsFirst, leavesFirst] = await Promise.all(
      [keeps, leaves].map((to) => waitFor(`a reminder to ${to}`, async () => reminderMails(to)[0])),
    );
    for (const mail of [keepsFirst!, leavesFirst!]) {
      expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(mail, 'list-unsubscribe')).toMatch(
        /^<https:\/\/www\.servicehistory\.test\/api\/v1\/reminders\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/,
      );
    }

    // The one-click unsubscribe: a GET only answers, a POST of List-Unsubscribe=One-Click (no sign-in) unsubscribes.
    const unsubscribeUrl = new URL(headerOf(leavesFirst!, 'list-unsubscribe')!.slice(1, -1));
    const looked = await callJson(first.url, 'GET', `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`);
    expect(looked.body.data).toEqual({ registration, garageName: 'Reminder Motors', subscribed: true });
    const oneClick = await fetch(onService(first, unsubscribeUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(((await oneClick.json()) as { data: unknown }).data).toEqual({
      registration,
      garageName: 'Reminder Motors',
      subscribed: false,
    });

    // The scan is held inside its transaction (the test locks reminder_sends against inserts) once a newer service
    // makes the subscribed customer's reminder due today; notifications is killed there, and two instances start.
    const holder = await db.pool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE reminder_sends IN SHARE ROW EXCLUSIVE MODE');
    for (const to of [keeps, leaves])
      await writeEvent(db.pool, 'service_record.created', serviceRecorded(to, lastYear));
    await waitFor(
      'the scan to wait inside its transaction',
      async () =>
        (await rowCount(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE 'INSERT INTO reminder_sends%'`,
        )) > 0,
    );
    process.kill(first.pid, 'SIGKILL');
    await holder.query('COMMIT');
    holder.release();
    await Promise.all([startNotifications(), startNotifications()]);

    const keepsSecond = await waitFor('the reminder due today', async () => reminderMails(keeps)[1]);
    expect(keepsSecond.text).toContain(`It is 11 months since its service on`);
    await waitFor('the newer service mailed to the one who left', async () => customerMails(leaves).length === 2);
    // Several scans of both instances later: still one reminder per due date, and none for the one who left.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(reminderMails(keeps)).toHaveLength(2);
    expect(reminderMails(leaves)).toHaveLength(1);
    expect(customerMails(leaves)).toHaveLength(2);
    expect(await rowCount('SELECT 1 FROM reminder_sends')).toBe(3);
    expect(await rowCount(`SELECT 1 FROM reminders WHERE due_date = $1`, [today])).toBe(1);
  }, 90_000);

  it('shows the garage its setting and counts, never an address, and lets it choose the MOT', async () => {
    const [service] = running.slice(-1);
    const token = signAccessToken(TEST_KEY_PAIR.privateKey, {
      sub: garageId,
      role: 'garage',
      email: 'g@example.co.uk',
    });
    await waitFor(
      'every reminder delivered',
      async () => (await rowCount(`SELECT 1 FROM mail_queue WHERE status <> 'sent'`)) === 0,
    );
    const seen = await callJson(service!.url, 'GET', '/api/v1/reminders/garage', { token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({ basis: 'service', sent: 3, optedIn: 1 });
    expect(JSON.stringify(seen.body)).not.toContain('@example.co.uk');
    const chosen = await callJson(service!.url, 'PATCH', '/api/v1/reminders/garage', { token, body: { basis: 'mot' } });
    expect(chosen.body.data).toEqual({ basis: 'mot', sent: 3, optedIn: 1 });
    const anotherGarage = signAccessToken(TEST_KEY_PAIR.privateKey, {
      sub: randomUUID(),
      role: 'garage',
      email: 'other@example.co.uk',
    });
    const other = await callJson(service!.url, 'GET', '/api/v1/reminders/garage', { token: anotherGarage });
    expect(other.body.data).toEqual({ basis: 'service', sent: 0, optedIn: 0 });
    expect((await callJson(service!.url, 'GET', '/api/v1/reminders/garage')).status).toBe(401);
  });

  it('keeps no link token but as its hash, and refuses one it does not know', async () => {
    const [service] = running.slice(-1);
    const unknown = 'A'.repeat(43);
    expect(
      (await callJson(service!.url, 'POST', '/api/v1/reminders/opt-in', { body: { token: unknown } })).status,
    ).toBe(400);
    const refused = await fetch(`${service!.url}/api/v1/reminders/unsubscribe?token=${unknown}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_queue WHERE html_body IS NOT NULL OR headers IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('takes a one-click sent as multipart/form-data, as RFC 8058 lets a mailbox provider send it, and bounds its size', async () => {
    const [service] = running.slice(-1);
    const token = randomBytes(32).toString('base64url');
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO reminders (garage_id, garage_name, registration, customer_email, service_date)
       VALUES ($1, 'Multipart Motors', 'MP25ONE', 'multipart@example.co.uk', '2026-01-10') RETURNING id`,
      [randomUUID()],
    );
    await db.pool.query('INSERT INTO reminder_unsubscribe_tokens (token_hash, reminder_id) VALUES ($1, $2)', [
      hashToken(token),
      rows[0]!.id,
    ]);
    const unsubscribeAt = `${service!.url}/api/v1/reminders/unsubscribe?token=${token}`;
    const unsubscribed = async () =>
      (
        await db.pool.query<{ at: Date | null }>('SELECT unsubscribed_at AS at FROM reminders WHERE id = $1', [
          rows[0]!.id,
        ])
      ).rows[0]!.at;
    // Past the limit: refused, and nothing changes.
    const tooLarge = new FormData();
    tooLarge.set('List-Unsubscribe', 'One-Click');
    tooLarge.set('padding', 'x'.repeat(2000));
    expect((await fetch(unsubscribeAt, { method: 'POST', body: tooLarge })).status).toBe(413);
    const wrong = new FormData();
    wrong.set('List-Unsubscribe', 'Two-Clicks');
    expect((await fetch(unsubscribeAt, { method: 'POST', body: wrong })).status).toBe(400);
    expect(await unsubscribed()).toBeNull();
    // fetch writes FormData as multipart/form-data with its own boundary.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const oneClick = await fetch(unsubscribeAt, { method: 'POST', body: form });
    expect(oneClick.status).toBe(200);
    expect(((await oneClick.json()) as { data: unknown }).data).toEqual({
      registration: 'MP25ONE',
      garageName: 'Multipart Motors',
      subscribed: false,
    });
    expect(await unsubscribed()).toBeInstanceOf(Date);
  });
});
