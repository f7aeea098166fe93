import { createHash, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { ParsedMail } from 'mailparser';
import { BRAND, DEVELOPMENT_LOG, type TEventEnvelope, type TEventPayload } from '@sh/shared/contract';
import { applyEventOnce, createRedis, createTokenVerifier, DEV_LOG_SIGNING_KEY, queueNameFor } from '@sh/shared/server';
import {
  encodeBase64,
  parseSignerKey,
  parseVerifierKey,
  signCheckpoint,
  verifyCheckpoint,
} from '@sh/shared/transparency-log';
import { createTestKeyPair, listenForTest, testLogger, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationsApp } from '../src/app.js';
import { createNotificationsHandlers } from '../src/events/handlers.js';
import { linkLabelled, startPlatform, TEST_CONTEXT, TEST_INTERNAL_TOKEN, type Platform } from './harness.js';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;

function subscriptionChange(
  overrides: Partial<TEventPayload<'subscription.changed'>>,
): TEventPayload<'subscription.changed'> {
  return {
    garageId: randomUUID(),
    email: uniqueEmail('garage'),
    status: 'trialing',
    previousStatus: 'inactive',
    customerId: 'cus_test123',
    subscriptionId: `sub_${randomUUID().slice(0, 12)}`,
    currentPeriodEnd: Date.UTC(2026, 2, 14, 12) / 1000,
    trialEnd: Date.UTC(2026, 2, 14, 12) / 1000,
    cancelAtPeriodEnd: false,
    reason: 'trial_started',
    stateAt: Math.floor(Date.now() / 1000),
    ...overrides,
  };
}

/** A registration no other test uses, so the mails about it can be told apart. */
function uniqueRegistration(): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `AB${String(Math.floor(Math.random() * 90) + 10)}${pick()}${pick()}${pick()}`;
}

function serviceRecordCreated(
  overrides: Partial<TEventPayload<'service_record.created'>> = {},
): TEventPayload<'service_record.created'> {
  return {
    recordId: randomUUID(),
    garageId: randomUUID(),
    garageName: 'Smith & Sons <Motors>',
    garageEmail: uniqueEmail('workshop'),
    registration: uniqueRegistration(),
    vin: 'WVWZZZ1JZXW000001',
    serviceDate: '2026-03-14',
    mileage: 45_210,
    serviceType: 'Full Service, Oil & Filter Change',
    signedBy: 'Priya Smith',
    hash: createHash('sha256').update(randomUUID()).digest('hex'),
    position: 3,
    customerEmail: uniqueEmail('driver'),
    leafIndex: takeLeaves(1),
    ...overrides,
  };
}

/**
 * Leaf indexes no earlier test's checkpoint covers: each test takes its own, above every checkpoint published before
 * (checkpoints stay kept in the file's one database, and one of size S covers every leaf below S).
 */
let nextLeaf = 1_000;
function takeLeaves(count: number): number {
  const first = nextLeaf;
  nextLeaf += count;
  return first;
}

/** The announcement of a checkpoint of `treeSize` leaves, signed with the development log's key as records signs it. */
async function checkpointOf(treeSize: number): Promise<TEventPayload<'transparency_log.checkpoint_issued'>> {
  const rootHash = createHash('sha256').update(`root ${treeSize} ${randomUUID()}`).digest();
  const note = await signCheckpoint(
    { origin: DEVELOPMENT_LOG.origin, size: treeSize, rootHash },
    await parseSignerKey(DEV_LOG_SIGNING_KEY),
  );
  // Later tests' leaves start above it.
  nextLeaf = Math.max(nextLeaf, treeSize);
  return { treeSize, rootHash: encodeBase64(rootHash), note, issuedAt: new Date().toISOString() };
}

/** Publishes the checkpoint of `treeSize` leaves, as records does when it signs one. */
async function publishCheckpoint(treeSize: number): Promise<TEventPayload<'transparency_log.checkpoint_issued'>> {
  const checkpoint = await checkpointOf(treeSize);
  await platform.publish('transparency_log.checkpoint_issued', checkpoint);
  return checkpoint;
}

/** The signed checkpoint a receipt mail's text part carries, verified with the development log's verifier key. */
async function checkpointInMail(mail: ParsedMail) {
  const match = /Signed checkpoint \(tree size (\d+)\):\n\n([^]*?\n\n\u2014 [^\n]+)\n/.exec(mail.text ?? '');
  if (!match) throw new Error(`no signed checkpoint in the mail: ${mail.text}`);
  const note = `${match[2]}\n`;
  const verified = await verifyCheckpoint(
    note,
    [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
    DEVELOPMENT_LOG.origin,
  );
  expect(verified.size).toBe(Number(match[1]));
  return { note, size: verified.size, rootHash: encodeBase64(verified.rootHash) };
}

/** Every captured mail whose subject names the registration, whoever it went to. */
const mailsAbout = (registration: string) => platform.smtp.mails.filter((mail) => mail.subject?.includes(registration));

function expectBothParts(mail: ParsedMail) {
  expect(typeof mail.html).toBe('string');
  expect(mail.text?.length).toBeGreaterThan(50);
  expect(mail.from?.value).toEqual([{ name: 'Service History', address: 'no-reply@servicehistory.test' }]);
}

async function heldReceipts(eventId: string) {
  const { rows } = await platform.db.pool.query<{ leaf_index: string | number }>(
    'SELECT leaf_index FROM receipts_awaiting_checkpoint WHERE event_id = $1',
    [eventId],
  );
  return rows.map((row) => Number(row.leaf_index));
}

async function checkpointKept(treeSize: number): Promise<boolean> {
  return (
    (await platform.db.pool.query('SELECT 1 FROM log_checkpoints WHERE tree_size = $1', [treeSize])).rowCount === 1
  );
}

async function waitUntilCheckpointKept(treeSize: number) {
  await expect
    .poll(() =>
      platform.db.pool.query('SELECT 1 FROM log_checkpoints WHERE tree_size = $1', [treeSize]).then((r) => r.rowCount),
    )
    .toBe(1);
}

async function queuedRows(eventId: string) {
  const { rows } = await platform.db.pool.query<{ template: string; status: string; html_body: string | null }>(
    'SELECT template, status, html_body FROM mail_queue WHERE event_id = $1',
    [eventId],
  );
  return rows;
}

describe('user.email_confirmation_requested', () => {
  it('mails a link to /confirm-email that carries the token back, in HTML and in text', async () => {
    const email = uniqueEmail('new.user');
    const token = 'tok+en/with=odd&chars_' + randomUUID();
    await platform.publish('user.email_confirmation_requested', { userId: randomUUID(), email, token });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe('Please confirm your email address');
    expectBothParts(mail);
    const link = linkLabelled(mail.html as string, 'Confirm email address');
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/confirm-email`);
    expect(link.searchParams.get('token')).toBe(token);
    expect(mail.text).toContain(link.toString());
  });
});

describe('user.password_reset_requested', () => {
  it('mails a link to /reset-password with the token, saying it is valid for 1 hour', async () => {
    const email = uniqueEmail('forgetful');
    const token = randomUUID();
    await platform.publish('user.password_reset_requested', { userId: randomUUID(), email, token });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe(`Reset your ${BRAND.name} password`);
    expectBothParts(mail);
    const link = linkLabelled(mail.html as string, 'Reset password');
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/reset-password`);
    expect(link.searchParams.get('token')).toBe(token);
    expect(mail.text).toContain('valid for 1 hour');
    expect(mail.html).toContain('valid for 1 hour');
  });

  it('keeps the log of the sent mail but not its body, which holds the reset link', async () => {
    const email = uniqueEmail('privacy');
    const eventId = await platform.publish('user.password_reset_requested', {
      userId: randomUUID(),
      email,
      token: randomUUID(),
    });
    await platform.smtp.waitForMail(email);
    await expect.poll(async () => (await queuedRows(eventId))[0]?.status).toBe('sent');
    expect(await queuedRows(eventId)).toEqual([{ template: 'password_reset', status: 'sent', html_body: null }]);
  });
});

describe('garage.registered', () => {
  it('welcomes the garage with its referral code and next steps, escaping what the garage typed', async () => {
    const email = uniqueEmail('owner');
    await platform.publish('garage.registered', {
      garageId: randomUUID(),
      name: 'Smith & Sons <Motors>',
      address: '1 High Street, Leeds, LS1 1AA',
      email,
      phone: '01132345678',
      fullName: 'Priya Smith',
      referralCode: 'GAR-7K2M9QXA',
      referredBy: null,
    });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe(`Welcome to ${BRAND.name}, Smith & Sons <Motors>`);
    expectBothParts(mail);
    expect(mail.html).toContain('Smith &amp; Sons &lt;Motors&gt;');
    expect(mail.html).not.toContain('<Motors>');
    expect(mail.html).toContain('GAR-7K2M9QXA');
    expect(mail.text).toContain('GAR-7K2M9QXA');
    expect(mail.text).toContain('Dear Priya,');
    expect(linkLabelled(mail.html as string, 'Go to your dashboard').toString()).toBe(
      `${TEST_CONTEXT.publicUrl}/garage`,
    );
  });
});

describe('subscription.changed', () => {
  it('trial_started: says the 14-day free trial has started and when it ends, in en-GB long form', async () => {
    const change = subscriptionChange({ reason: 'trial_started', trialEnd: Date.UTC(2026, 2, 14, 12) / 1000 });
    await platform.publish('subscription.changed', change);
    const mail = await platform.smtp.waitForMail(change.email);
    expect(mail.subject).toBe('Your 14-day free trial has started');
    expectBothParts(mail);
    expect(mail.text).toContain('Your trial ends on 14 March 2026.');
    expect(mail.text).toContain('£34.99 a month');
  });

  it('trial_will_end: says the trial ends in 3 days, with a link to manage billing', async () => {
    const change = subscriptionChange({ reason: 'trial_will_end', trialEnd: Date.UTC(2026, 2, 14, 12) / 1000 });
    await platform.publish('subscription.changed', change);
    const mail = await platform.smtp.waitForMail(change.email);
    expect(mail.subject).toBe('Your free trial ends in 3 days');
    expect(mail.text).toContain('ends on 14 March 2026');
    expect(linkLabelled(mail.html as string, 'Manage billing').toString()).toBe(`${TEST_CONTEXT.publicUrl}/account`);
  });

  it('payment_failed: asks the garage to update its card', async () => {
    const change = subscriptionChange({ reason: 'payment_failed', status: 'past_due', previousStatus: 'active' });
    await platform.publish('subscription.changed', change);
    const mail = await platform.smtp.waitForMail(change.email);
    expect(mail.subject).toBe('Payment failed: please update your card details');
    expect(linkLabelled(mail.html as string, 'Update your card').toString()).toBe(`${TEST_CONTEXT.publicUrl}/account`);
  });

  it('canceled: confirms the cancellation and that the records stay visible', async () => {
    const change = subscriptionChange({ reason: 'canceled', status: 'canceled', previousStatus: 'active' });
    await platform.publish('subscription.changed', change);
    const mail = await platform.smtp.waitForMail(change.email);
    expect(mail.subject).toBe('Your subscription has been cancelled');
    expect(mail.text).toContain('Your records stay visible');
  });

  it.each(['activated', 'updated'] as const)('%s: sends no mail', async (reason) => {
    const change = subscriptionChange({ reason, status: 'active' });
    const eventId = await platform.publish('subscription.changed', change);
    await expect
      .poll(() =>
        platform.db.pool.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId]).then((r) => r.rowCount),
      )
      .toBe(1);
    expect(await queuedRows(eventId)).toEqual([]);
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(change.email)).toHaveLength(0);
  });

  it('sends one "trial started" mail per subscription even when two events report it', async () => {
    const change = subscriptionChange({ reason: 'trial_started' });
    const first = await platform.publish('subscription.changed', change);
    const second = await platform.publish('subscription.changed', { ...change, stateAt: change.stateAt + 1 });
    for (const eventId of [first, second]) {
      await expect
        .poll(() =>
          platform.db.pool
            .query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId])
            .then((r) => r.rowCount),
        )
        .toBe(1);
    }
    await platform.smtp.waitForMail(change.email);
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(change.email)).toHaveLength(1);
  });
});

describe('service_record.created', () => {
  it("mails the customer a notice at once and the garage its receipt once a checkpoint covers the entry, with the signed checkpoint and the inclusion proof's link", async () => {
    const record = serviceRecordCreated();
    const garageEmail = record.garageEmail as string;
    const customerEmail = record.customerEmail as string;
    const eventId = await platform.publish('service_record.created', record);

    const notice = await platform.smtp.waitForMail(customerEmail);
    expect(notice.subject).toBe(`Smith & Sons <Motors> recorded a service for ${record.registration}`);
    expectBothParts(notice);
    expect(notice.text).toContain(
      `Smith & Sons <Motors> recorded a service for ${record.registration} on 14 March 2026.`,
    );
    expect(notice.html).toContain('Smith &amp; Sons &lt;Motors&gt;');
    expect(notice.html).not.toContain('<Motors>');
    expect(notice.text).toContain('entered this email address when logging a service');
    expect(notice.text).not.toContain(record.hash);
    const customerHistory = linkLabelled(notice.html as string, 'View the service history');
    expect(`${customerHistory.origin}${customerHistory.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/vehicle-results`);
    expect(customerHistory.searchParams.get('reg')).toBe(record.registration);

    // No checkpoint covers the entry yet: the receipt waits, held, and is not queued.
    await platform.waitUntilProcessed(eventId);
    await platform.sender.flush();
    expect((await queuedRows(eventId)).map((row) => row.template)).toEqual(['customer_service_recorded']);
    expect(await heldReceipts(eventId)).toEqual([record.leafIndex]);
    expect(platform.smtp.mailsTo(garageEmail)).toHaveLength(0);

    // A checkpoint that does not reach the leaf releases nothing; the next one, which covers it, does.
    const short = await publishCheckpoint(record.leafIndex!);
    await waitUntilCheckpointKept(short.treeSize);
    await platform.sender.flush();
    expect(platform.smtp.mailsTo(garageEmail)).toHaveLength(0);
    const covering = await publishCheckpoint(record.leafIndex! + 5);

    const receipt = await platform.smtp.waitForMail(garageEmail);
    expect(receipt.subject).toBe(`Service record receipt: ${record.registration}`);
    expectBothParts(receipt);
    expect(receipt.text).toContain(`VIN: ${record.vin}`);
    expect(receipt.text).toContain('Service date: 14 March 2026');
    expect(receipt.text).toContain('Mileage: 45,210 miles');
    expect(receipt.text).toContain('Services: Full Service, Oil & Filter Change');
    expect(receipt.html).toContain('Full Service, Oil &amp; Filter Change');
    expect(receipt.text).toContain('Signed by: Priya Smith');
    expect(receipt.text).toContain("Position in history: Entry 3 of this vehicle's history");
    expect(receipt.text).toContain(record.hash);
    expect(receipt.html).toContain(record.hash);
    expect(receipt.text).not.toMatch(/tamper[- ]?proof/i);
    // The checkpoint that first covered the leaf, signed by the log's key, as records announced it.
    const inMail = await checkpointInMail(receipt);
    expect(inMail).toEqual({ note: covering.note, size: covering.treeSize, rootHash: covering.rootHash });
    expect(receipt.text).toContain(`as leaf ${record.leafIndex}.`);
    const proof = linkLabelled(receipt.html as string, 'Inclusion proof of this entry');
    expect(`${proof.origin}${proof.pathname}`).toBe(
      `${TEST_CONTEXT.publicUrl}/api/v1/service-records/log/proof/inclusion`,
    );
    expect(Object.fromEntries(proof.searchParams)).toEqual({
      leaf: String(record.leafIndex),
      size: String(covering.treeSize),
    });
    expect(linkLabelled(receipt.html as string, 'This checkpoint as the log publishes it').toString()).toBe(
      `${TEST_CONTEXT.publicUrl}/api/v1/service-records/log/checkpoint/${covering.treeSize}`,
    );
    expect(linkLabelled(receipt.html as string, 'Go to your dashboard').toString()).toBe(
      `${TEST_CONTEXT.publicUrl}/garage`,
    );
    const history = linkLabelled(receipt.html as string, `View the public history of ${record.registration}`);
    expect(`${history.origin}${history.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/vehicle-results`);
    expect(history.searchParams.get('reg')).toBe(record.registration);
    expect(linkLabelled(receipt.html as string, 'How anyone can check a vehicle history').toString()).toBe(
      `${TEST_CONTEXT.publicUrl}/verify-records`,
    );

    expect((await queuedRows(eventId)).map((row) => row.template).sort()).toEqual([
      'customer_service_recorded',
      'service_record_receipt',
    ]);
    expect(await heldReceipts(eventId)).toEqual([]);
  });

  it('mails the receipt at once when the checkpoint that covers the entry was announced before the record was', async () => {
    const leaf = takeLeaves(3);
    // Two checkpoints cover the leaf; the receipt names the first (the smallest tree size above the leaf).
    const first = await publishCheckpoint(leaf + 2);
    await publishCheckpoint(leaf + 3);
    await waitUntilCheckpointKept(leaf + 3);
    const record = serviceRecordCreated({ leafIndex: leaf, customerEmail: null });
    const eventId = await platform.publish('service_record.created', record);

    const receipt = await platform.smtp.waitForMail(record.garageEmail as string);
    expect((await checkpointInMail(receipt)).note).toBe(first.note);
    expect(linkLabelled(receipt.html as string, 'Inclusion proof of this entry').searchParams.get('size')).toBe(
      String(first.treeSize),
    );
    expect(await heldReceipts(eventId)).toEqual([]);
  });

  it('forgets checkpoints a week older than the newest, so a receipt replayed later than that names a later checkpoint that covers it too', async () => {
    const leaf = takeLeaves(2);
    const old = { ...(await checkpointOf(leaf + 1)), issuedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() };
    const oldEventId = await platform.publish('transparency_log.checkpoint_issued', old);
    await platform.waitUntilProcessed(oldEventId);
    expect(await checkpointKept(old.treeSize)).toBe(true);
    const newer = await publishCheckpoint(leaf + 2);
    await waitUntilCheckpointKept(newer.treeSize);
    expect(await checkpointKept(old.treeSize)).toBe(false);

    const record = serviceRecordCreated({ leafIndex: leaf, customerEmail: null });
    await platform.publish('service_record.created', record);
    const receipt = await platform.smtp.waitForMail(record.garageEmail as string);
    expect((await checkpointInMail(receipt)).size).toBe(newer.treeSize);
  });

  it('sends no customer mail when the garage gave no customer e-mail', async () => {
    const record = serviceRecordCreated({ customerEmail: null });
    const eventId = await platform.publish('service_record.created', record);
    await platform.waitUntilProcessed(eventId);
    await publishCheckpoint(record.leafIndex! + 1);
    await platform.smtp.waitForMail(record.garageEmail as string);
    await platform.sender.flush();
    expect((await queuedRows(eventId)).map((row) => row.template)).toEqual(['service_record_receipt']);
    expect(mailsAbout(record.registration).map((mail) => mail.subject)).toEqual([
      `Service record receipt: ${record.registration}`,
    ]);
  });

  it('sends no receipt when the garage has no e-mail, and holds none, and still tells the customer', async () => {
    const record = serviceRecordCreated({ garageEmail: null });
    const eventId = await platform.publish('service_record.created', record);
    await platform.smtp.waitForMail(record.customerEmail as string);
    await platform.waitUntilProcessed(eventId);
    expect(await heldReceipts(eventId)).toEqual([]);
    await publishCheckpoint(record.leafIndex! + 1);
    await waitUntilCheckpointKept(record.leafIndex! + 1);
    await platform.sender.flush();
    expect((await queuedRows(eventId)).map((row) => row.template)).toEqual(['customer_service_recorded']);
    expect(mailsAbout(record.registration).map((mail) => mail.subject)).toEqual([
      `Smith & Sons <Motors> recorded a service for ${record.registration}`,
    ]);
  });

  it('mails the receipt at once, without a checkpoint, for an event written before events carried the leaf index', async () => {
    const { leafIndex: _leafIndex, ...older } = serviceRecordCreated({ customerEmail: null });
    // As an older records wrote it: no leafIndex at all, which the event's schema reads as null.
    const eventId = await platform.publish('service_record.created', older as TEventPayload<'service_record.created'>);
    const receipt = await platform.smtp.waitForMail(older.garageEmail as string);
    expect(receipt.text).toContain(older.hash);
    expect(receipt.text).not.toMatch(/checkpoint|inclusion proof/i);
    expect(await heldReceipts(eventId)).toEqual([]);
  });

  it('sends each of the two mails once when the record and the checkpoint are delivered again', async () => {
    const record = serviceRecordCreated();
    const eventId = await platform.publish('service_record.created', record);
    await platform.smtp.waitForMail(record.customerEmail as string);
    await platform.waitUntilProcessed(eventId);
    const checkpoint = await checkpointOf(record.leafIndex! + 1);
    const checkpointEventId = await platform.publish('transparency_log.checkpoint_issued', checkpoint);
    await platform.smtp.waitForMail(record.garageEmail as string);
    await platform.waitUntilProcessed(checkpointEventId);

    // The consumer sees each event again (a job run twice): processed_events turns them away.
    const envelope = {
      id: eventId,
      name: 'service_record.created' as const,
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: record,
    };
    const checkpointEnvelope = {
      id: checkpointEventId,
      name: 'transparency_log.checkpoint_issued' as const,
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: checkpoint,
    };
    const handlers = createNotificationsHandlers(TEST_CONTEXT);
    expect(await applyEventOnce(platform.db.pool, handlers, envelope)).toBe('duplicate');
    expect(await applyEventOnce(platform.db.pool, handlers, checkpointEnvelope)).toBe('duplicate');
    // Even run past that guard, the handlers queue neither mail again (one row per (event, template)) and hold
    // nothing (the checkpoint is kept, so the receipt finds it).
    const client = await platform.db.pool.connect();
    try {
      await handlers['service_record.created']!(client, envelope, () => undefined);
      await handlers['transparency_log.checkpoint_issued']!(client, checkpointEnvelope, () => undefined);
    } finally {
      client.release();
    }

    await platform.sender.flush();
    expect((await queuedRows(eventId)).map((row) => row.template).sort()).toEqual([
      'customer_service_recorded',
      'service_record_receipt',
    ]);
    expect(await heldReceipts(eventId)).toEqual([]);
    expect(platform.smtp.mailsTo(record.garageEmail as string)).toHaveLength(1);
    expect(platform.smtp.mailsTo(record.customerEmail as string)).toHaveLength(1);
  });

  it('queues every receipt once, and holds none, when records and checkpoints race on two replicas', async () => {
    // Three rounds: without the lock that orders them, a receipt sometimes holds itself just after the checkpoint
    // that covers it looked for receipts to release (held for good), and three rounds catch that most times.
    for (let round = 0; round < 3; round += 1) {
      const first = takeLeaves(60);
      const records = Array.from({ length: 60 }, (_, i) =>
        serviceRecordCreated({ leafIndex: first + i, customerEmail: null }),
      );
      // Checkpoints every 7 leaves, the last covering all 60.
      const checkpoints = await Promise.all(
        [7, 14, 21, 28, 35, 42, 49, 56, 60].map((upTo) => checkpointOf(first + upTo)),
      );
      const envelopes: TEventEnvelope[] = [
        ...records.map((payload) => ({
          id: randomUUID(),
          name: 'service_record.created' as const,
          version: 1,
          occurredAt: new Date().toISOString(),
          payload,
        })),
        ...checkpoints.map((payload) => ({
          id: randomUUID(),
          name: 'transparency_log.checkpoint_issued' as const,
          version: 1,
          occurredAt: new Date().toISOString(),
          payload,
        })),
      ];
      // In a shuffled order, all at once, half through each of two replicas' handlers (each event twice, as a job
      // that ran on both would be).
      const shuffled = [...envelopes, ...envelopes].sort(() => Math.random() - 0.5);
      const replicas = [createNotificationsHandlers(TEST_CONTEXT), createNotificationsHandlers(TEST_CONTEXT)];
      const outcomes = await Promise.all(
        shuffled.map((envelope, i) => applyEventOnce(platform.db.pool, replicas[i % 2]!, envelope)),
      );
      expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(envelopes.length);

      const ids = envelopes.slice(0, records.length).map((envelope) => envelope.id);
      const { rows: held } = await platform.db.pool.query(
        'SELECT event_id FROM receipts_awaiting_checkpoint WHERE event_id = ANY($1::uuid[])',
        [ids],
      );
      expect(held).toEqual([]);
      const { rows: queued } = await platform.db.pool.query<{ event_id: string; text_body: string }>(
        `SELECT event_id, text_body FROM mail_queue WHERE template = 'service_record_receipt' AND event_id = ANY($1::uuid[])`,
        [ids],
      );
      expect(queued).toHaveLength(records.length);
      const byEvent = new Map(queued.map((row) => [row.event_id, row.text_body]));
      for (const [i, envelope] of envelopes.slice(0, records.length).entries()) {
        const size = /Signed checkpoint \(tree size (\d+)\)/.exec(byEvent.get(envelope.id) ?? '')?.[1];
        // Applied out of order, a later checkpoint may release a receipt before an earlier one that also covers it
        // is kept: the one named is always one records signed that covers the leaf (in order, the first: see above).
        expect(Number(size)).toBeGreaterThan(first + i);
        expect(checkpoints.map((c) => c.treeSize)).toContain(Number(size));
      }
    }
  });
});

describe('contact.received and callback.requested', () => {
  it('mails the support address the contact message, replying to the sender', async () => {
    const messageId = randomUUID();
    await platform.db.pool.query(
      `INSERT INTO contact_messages (id, name, email, subject, message) VALUES ($1, 'Alex Jones', 'alex@example.co.uk', 'billing', 'Can I pay annually?')`,
      [messageId],
    );
    await platform.publish('contact.received', {
      messageId,
      name: 'Alex Jones',
      email: 'alex@example.co.uk',
      subject: 'billing',
    });
    const mail = await waitForSupportMail((m) => m.text?.includes(messageId) ?? false);
    expect(mail.subject).toBe('Contact form: Billing from Alex Jones');
    expect(mail.replyTo?.value[0]?.address).toBe('alex@example.co.uk');
    expect(mail.text).toContain('Message: Can I pay annually?');
  });

  it('mails the support address the callback request with the best time to call', async () => {
    const requestId = randomUUID();
    await platform.db.pool.query(
      `INSERT INTO callback_requests (id, full_name, garage_name, phone, best_time, message) VALUES ($1, 'Sam Patel', 'Patel Autos', '07700900123', 'afternoon', NULL)`,
      [requestId],
    );
    await platform.publish('callback.requested', {
      requestId,
      fullName: 'Sam Patel',
      garageName: 'Patel Autos',
      phone: '07700900123',
    });
    const mail = await waitForSupportMail((m) => m.text?.includes(requestId) ?? false);
    expect(mail.subject).toBe('Callback request: Patel Autos (Sam Patel)');
    expect(mail.text).toContain('Phone: 07700900123');
    expect(mail.text).toContain('Best time to call: Afternoon');
  });
});

describe('redelivery', () => {
  it('sends one mail when the relay publishes the same event again', async () => {
    const email = uniqueEmail('once');
    const eventId = await platform.publish('user.email_confirmation_requested', {
      userId: randomUUID(),
      email,
      token: randomUUID(),
    });
    await platform.smtp.waitForMail(email);

    // The relay died after publishing but before marking the row: it publishes the same event again.
    await platform.db.pool.query('UPDATE event_outbox SET published_at = NULL WHERE id = $1', [eventId]);
    await expect
      .poll(() =>
        platform.db.pool
          .query('SELECT published_at FROM event_outbox WHERE id = $1', [eventId])
          .then((r) => r.rows[0]?.published_at),
      )
      .not.toBeNull();
    const connection = createRedis(TEST_REDIS_URL);
    const queue = new Queue(queueNameFor('notifications'), { connection, prefix: platform.prefix });
    // No job carries the token (the consumer fetches it), so a handled one is kept completed like any other.
    await expect.poll(() => queue.getJobState(eventId)).toBe('completed');
    await queue.close();
    connection.disconnect();

    await platform.sender.flush();
    expect(await queuedRows(eventId)).toHaveLength(1);
    expect(platform.smtp.mailsTo(email)).toHaveLength(1);
  });
});

describe('GET /healthz and /readyz', () => {
  it('answers 200 when Postgres answers', async () => {
    const server = await listenForTest(
      buildNotificationsApp({
        pool: platform.db.pool,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
        internalToken: TEST_INTERNAL_TOKEN,
      }),
    );
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 200, data: { ok: true, checks: { postgres: true } } });
    } finally {
      await server.close();
    }
  });
});

async function waitForSupportMail(predicate: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = platform.smtp.mailsTo(TEST_CONTEXT.supportEmail).find(predicate);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}
