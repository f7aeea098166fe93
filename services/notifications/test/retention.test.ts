import { randomUUID } from 'node:crypto';
import { RETENTION } from '@sh/shared/contract';
import { createTestDatabase, testLogger, testQueuePrefix, TEST_REDIS_URL, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRetentionJob } from '@sh/shared/server';
import { eraseExpiredPersonalData } from '../src/store/erase-expired-personal-data.js';
import { MIGRATIONS_DIR } from './harness.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('notifications', MIGRATIONS_DIR);
});
afterAll(async () => {
  await db?.drop();
});

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (unit: 'months' | 'days', n: number) => `'${NOW.toISOString()}'::timestamptz - interval '${n} ${unit}'`;

/** One of each kind of row, `age` before NOW; answers their ids. */
async function insertRows(label: string, age: { unit: 'months' | 'days'; n: number }) {
  const at = ago(age.unit, age.n);
  const mail = randomUUID();
  await db.pool.query(
    `INSERT INTO mail_queue (event_id, template, to_address, reply_to, subject, html_body, text_body, status, created_at, headers)
     VALUES ($1, 'service_recorded', $2, 'garage@example.co.uk', 'Your service', '<p>x</p>', 'x', 'sent', ${at}, '{"List-Unsubscribe": "<x>"}')`,
    [mail, `${label}.customer@example.co.uk`],
  );
  const pending = randomUUID();
  await db.pool.query(
    `INSERT INTO mail_queue (event_id, template, to_address, subject, html_body, text_body, status, created_at)
     VALUES ($1, 'service_recorded', $2, 'Your service', '<p>x</p>', 'x', 'pending', ${at})`,
    [pending, `${label}.pending@example.co.uk`],
  );
  await db.pool.query(
    `INSERT INTO contact_messages (name, email, subject, message, received_at) VALUES ('A Person', $1, 'general', 'Hello', ${at})`,
    [`${label}.contact@example.co.uk`],
  );
  await db.pool.query(
    `INSERT INTO callback_requests (full_name, garage_name, phone, best_time, received_at)
     VALUES ($1, 'A Garage', '07700900123', 'morning', ${at})`,
    [`${label} caller`],
  );
  await db.pool.query(
    `INSERT INTO reminder_offers (token_hash, event_id, garage_id, garage_name, registration, customer_email, service_date, expires_at)
     VALUES ($1, $2, $3, 'A Garage', 'AB12CDE', $4, '2024-01-01', ${at} + interval '90 days')`,
    [randomUUID(), randomUUID(), randomUUID(), `${label}.offer@example.co.uk`],
  );
  const reminder = await db.pool.query<{ id: string }>(
    `INSERT INTO reminders (garage_id, garage_name, registration, customer_email, service_date, unsubscribed_at)
     VALUES ($1, 'A Garage', 'AB12CDE', $2, '2024-01-01', ${at}) RETURNING id`,
    [randomUUID(), `${label}.reminder@example.co.uk`],
  );
  const reminderId = reminder.rows[0]!.id;
  await db.pool.query(
    `INSERT INTO reminder_sends (reminder_id, due_date, mail_event_id) VALUES ($1, '2024-12-01', $2)`,
    [reminderId, randomUUID()],
  );
  await db.pool.query(`INSERT INTO reminder_unsubscribe_tokens (token_hash, reminder_id) VALUES ($1, $2)`, [
    randomUUID(),
    reminderId,
  ]);
  return { mail, pending, reminderId };
}

/** What is left of the rows insertRows made with this label. */
async function remaining(label: string, ids: { mail: string; pending: string; reminderId: string }) {
  const like = `${label}%`;
  const { rows } = await db.pool.query(
    `SELECT (SELECT row_to_json(m) FROM (SELECT to_address, reply_to, headers, html_body, text_body, subject, status
                                          FROM mail_queue WHERE event_id = $1) m) AS mail,
            (SELECT to_address FROM mail_queue WHERE event_id = $2) AS pending_address,
            (SELECT count(*)::int FROM contact_messages WHERE email LIKE $3) AS contact_messages,
            (SELECT count(*)::int FROM callback_requests WHERE full_name LIKE $3) AS callback_requests,
            (SELECT count(*)::int FROM reminder_offers WHERE customer_email LIKE $3) AS reminder_offers,
            (SELECT count(*)::int FROM reminders WHERE id = $4) AS reminders,
            (SELECT count(*)::int FROM reminder_sends WHERE reminder_id = $4) AS reminder_sends,
            (SELECT count(*)::int FROM reminder_unsubscribe_tokens WHERE reminder_id = $4) AS unsubscribe_tokens`,
    [ids.mail, ids.pending, like, ids.reminderId],
  );
  return rows[0];
}

describe('the retention job (docs/product.md#retention)', () => {
  it('erases what is past its period and keeps what is not, once across two replicas', async () => {
    // Past every period: older than the longest (contact messages, 24 months).
    const old = await insertRows('old', { unit: 'months', n: RETENTION.contactMessageMonths + 1 });
    // Within every period: newer than the shortest (unsubscribed reminders, 30 days); its offer has not expired.
    const fresh = await insertRows('fresh', { unit: 'days', n: RETENTION.unsubscribedReminderDays - 1 });
    const freshBefore = await remaining('fresh', fresh);

    const prefix = testQueuePrefix();
    const jobs = [1, 2].map(() =>
      startRetentionJob({
        service: 'notifications',
        erase: eraseExpiredPersonalData,
        pool: db.pool,
        redisUrl: TEST_REDIS_URL,
        prefix,
        logger: testLogger,
        everyMs: 3_600_000,
        now: () => NOW,
      }),
    );
    try {
      await Promise.all(jobs.map((job) => job.runNow()));
    } finally {
      await Promise.all(jobs.map((job) => job.close()));
    }

    expect(await remaining('old', old)).toEqual({
      // The row stays (its event id and dedupe key keep it from being sent twice), with no address or content.
      mail: {
        to_address: '',
        reply_to: null,
        headers: null,
        html_body: null,
        text_body: null,
        subject: 'Your service',
        status: 'sent',
      },
      // A mail not yet sent is never touched.
      pending_address: 'old.pending@example.co.uk',
      contact_messages: 0,
      callback_requests: 0,
      reminder_offers: 0,
      reminders: 0,
      reminder_sends: 0,
      unsubscribe_tokens: 0,
    });
    expect(freshBefore).toMatchObject({
      mail: { to_address: 'fresh.customer@example.co.uk' },
      contact_messages: 1,
      callback_requests: 1,
      reminder_offers: 1,
      reminders: 1,
    });
    expect(await remaining('fresh', fresh)).toEqual(freshBefore);
  });
});
