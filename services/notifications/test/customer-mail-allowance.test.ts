/**
 * Customer mails a day (docs/product.md#customer-mails-a-day), on real Postgres, Redis and SMTP: a vehicle's customer
 * is sent at most CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY notices and reminders a UK day; one over it stays in the mail
 * queue, withheld, and is never sent.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { TEventPayload } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY } from '../src/domain/queue-customer-mail.js';
import { REMINDER_TEMPLATE, scanServiceReminders } from '../src/domain/scan-service-reminders.js';
import { startPlatform, TEST_CONTEXT, type Platform } from './harness.js';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;

/** A record logged for the customer at `customerEmail`, with no garage address (so only the customer's notice goes). */
function serviceRecorded(customerEmail: string, registration: string): TEventPayload<'service_record.created'> {
  return {
    recordId: randomUUID(),
    garageId: randomUUID(),
    garageName: 'Allowance Motors',
    garageEmail: null,
    registration,
    vin: 'WVWZZZ1JZXW000077',
    serviceDate: '2026-03-14',
    mileage: 45_210,
    serviceType: 'Full Service',
    signedBy: 'Priya Smith',
    hash: createHash('sha256').update(randomUUID()).digest('hex'),
    position: 1,
    customerEmail,
    leafIndex: null,
  };
}

/** The queue's rows to an address (any case), oldest first: template and status. */
async function queuedTo(address: string) {
  const { rows } = await platform.db.pool.query<{ event_id: string; template: string; status: string }>(
    `SELECT event_id, template, status FROM mail_queue WHERE lower(to_address) = lower($1) ORDER BY created_at, id`,
    [address],
  );
  return rows;
}

describe('customer mails a day', () => {
  it('sends a recipient five notices in a UK day and keeps the sixth in the queue withheld, unsent', async () => {
    const customer = uniqueEmail('driver');
    const eventIds: string[] = [];
    for (let i = 0; i <= CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY; i += 1) {
      // The sixth names the address in capitals: it is the same recipient.
      const to = i === CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY ? customer.toUpperCase() : customer;
      const eventId = await platform.publish('service_record.created', serviceRecorded(to, `AL${10 + i}LOW`));
      await platform.waitUntilProcessed(eventId);
      eventIds.push(eventId);
    }
    await platform.sender.flush();

    const rows = await queuedTo(customer);
    expect(rows.map((row) => row.event_id)).toEqual(eventIds);
    expect(rows.map((row) => row.status)).toEqual([
      ...Array<string>(CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY).fill('sent'),
      'withheld',
    ]);
    const { rows: withheld } = await platform.db.pool.query<{ html_body: string | null; attempts: number }>(
      "SELECT html_body, attempts FROM mail_queue WHERE event_id = $1 AND template = 'customer_service_recorded'",
      [eventIds.at(-1)],
    );
    expect(withheld[0]!.attempts).toBe(0);
    expect(withheld[0]!.html_body).toContain('AL15LOW');
    const delivered = platform.smtp.mailsTo(customer);
    expect(delivered).toHaveLength(CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY);
    expect(delivered.some((mail) => mail.subject?.includes('AL15LOW'))).toBe(false);

    // Another recipient has an allowance of their own.
    const other = uniqueEmail('other');
    const eventId = await platform.publish('service_record.created', serviceRecorded(other, 'AL99OTH'));
    await platform.waitUntilProcessed(eventId);
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(other)).toHaveLength(1);
  });

  it("withholds a service reminder due to a recipient who has had the day's customer mails", async () => {
    const customer = uniqueEmail('reminded');
    for (let i = 0; i < CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY; i += 1) {
      await platform.waitUntilProcessed(
        await platform.publish('service_record.created', serviceRecorded(customer, `RM${10 + i}DUE`)),
      );
    }
    await platform.db.pool.query(
      `INSERT INTO reminders (garage_id, garage_name, registration, customer_email, service_date, due_date, due_from)
       VALUES ($1, 'Allowance Motors', 'RM99DUE', $2, '2025-01-10', '2025-12-10', 'service')`,
      [randomUUID(), customer],
    );

    const scanned = await scanServiceReminders({
      pool: platform.db.pool,
      context: TEST_CONTEXT,
      lookupMotExpiry: () => Promise.reject(new Error('a service-based reminder needs no MOT expiry')),
    });
    expect(scanned.queued).toBe(1);
    await platform.sender.flush();

    const reminders = (await queuedTo(customer)).filter((row) => row.template === REMINDER_TEMPLATE);
    expect(reminders.map((row) => row.status)).toEqual(['withheld']);
    expect(platform.smtp.mailsTo(customer).filter((mail) => mail.subject?.includes('is due a service'))).toEqual([]);
  });
});
