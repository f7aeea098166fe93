import { randomUUID } from 'node:crypto';
import { MESSAGES, ZErrorEnvelopeSchema, CONTACT_MESSAGES } from '@sh/shared/contract';
import { createTokenVerifier, signAccessToken } from '@sh/shared/server';
import { createTestKeyPair, listenForTest, testLogger } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationsApp } from '../src/app.js';
import { startPlatform, TEST_CONTEXT, TEST_INTERNAL_TOKEN, type Platform } from './harness.js';

let platform: Platform;
let server: { url: string; close(): Promise<void> };
const keys = createTestKeyPair();

beforeAll(async () => {
  platform = await startPlatform();
  const verifier = createTokenVerifier({ publicKey: keys.publicKey });
  server = await listenForTest(
    buildNotificationsApp({ pool: platform.db.pool, logger: testLogger, verifier, internalToken: TEST_INTERNAL_TOKEN }),
  );
});
afterAll(async () => {
  await server?.close();
  await platform?.stop();
});

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function count(table: 'contact_messages' | 'callback_requests'): Promise<number> {
  const { rows } = await platform.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

const validContact = {
  name: 'Alex Jones',
  email: '  Alex.Jones@Example.co.uk ',
  subject: 'billing',
  message: 'Can I pay annually?',
};
const validCallback = {
  full_name: 'Sam Patel',
  garage_name: 'Patel Autos',
  phone: '07700 900123',
  best_time: 'afternoon',
  message: 'After 2pm please',
  submitted_by: null,
};

describe('POST /api/v1/contact', () => {
  it('answers 200 with the success message, stores the message and mails it to support', async () => {
    const { status, body } = await post('/api/v1/contact', {
      ...validContact,
      message: 'Unique <b>question</b> ' + randomUUID(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, message: CONTACT_MESSAGES.contact.success });
    const id = (body.data as { id: string }).id;
    const { rows } = await platform.db.pool.query('SELECT name, email, subject FROM contact_messages WHERE id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ name: 'Alex Jones', email: 'alex.jones@example.co.uk', subject: 'billing' }]);

    await expect
      .poll(() => platform.smtp.mailsTo(TEST_CONTEXT.supportEmail).some((mail) => mail.text?.includes(id)), {
        timeout: 10_000,
      })
      .toBe(true);
    const mail = platform.smtp.mailsTo(TEST_CONTEXT.supportEmail).find((m) => m.text?.includes(id))!;
    expect(mail.subject).toBe('Contact form: Billing from Alex Jones');
    expect(mail.replyTo?.value[0]?.address).toBe('alex.jones@example.co.uk');
    expect(mail.html).toContain('Unique &lt;b&gt;question&lt;/b&gt;');
  });

  it.each([
    ['a missing name', { ...validContact, name: undefined }, 'name'],
    ['a blank message', { ...validContact, message: '   ' }, 'message'],
    ['a missing subject', { ...validContact, subject: '' }, 'subject'],
  ])('answers 400 "All fields are required." for %s and stores nothing', async (_case, payload, path) => {
    const before = await count('contact_messages');
    const { status, body } = await post('/api/v1/contact', payload);
    expect(status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(body);
    expect(envelope).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: CONTACT_MESSAGES.contact.allRequired,
    });
    expect(envelope.errors).toContainEqual({ path, message: CONTACT_MESSAGES.contact.allRequired });
    expect(await count('contact_messages')).toBe(before);
  });

  it('answers 400 "Invalid email format." for a malformed e-mail', async () => {
    const before = await count('contact_messages');
    const { status, body } = await post('/api/v1/contact', { ...validContact, email: 'alex@example' });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      message: CONTACT_MESSAGES.contact.invalidEmail,
      errors: [{ path: 'email', message: CONTACT_MESSAGES.contact.invalidEmail }],
    });
    expect(await count('contact_messages')).toBe(before);
  });

  it('puts "All fields are required." before the e-mail format when both are wrong', async () => {
    const { status, body } = await post('/api/v1/contact', { ...validContact, email: 'nope', name: '' });
    expect(status).toBe(400);
    expect(body.message).toBe(CONTACT_MESSAGES.contact.allRequired);
  });

  it('answers 400 for a subject that is not on the form', async () => {
    const { status, body } = await post('/api/v1/contact', { ...validContact, subject: 'lottery' });
    expect(status).toBe(400);
    expect(body.message).toBe(CONTACT_MESSAGES.contact.subjectUnknown);
  });
});

describe('POST /api/v1/contact/garage', () => {
  it('answers 201 for a visitor, stores the request without a submitter and mails support', async () => {
    const garageName = `Patel Autos ${randomUUID().slice(0, 6)}`;
    const { status, body } = await post('/api/v1/contact/garage', {
      ...validCallback,
      garage_name: garageName,
      submitted_by: randomUUID(),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 201, message: CONTACT_MESSAGES.callback.success });
    const id = (body.data as { id: string }).id;
    const { rows } = await platform.db.pool.query(
      'SELECT phone, best_time, message, submitted_by FROM callback_requests WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([
      { phone: '07700900123', best_time: 'afternoon', message: 'After 2pm please', submitted_by: null },
    ]);

    await expect
      .poll(
        () =>
          platform.smtp
            .mailsTo(TEST_CONTEXT.supportEmail)
            .some((mail) => mail.subject === `Callback request: ${garageName} (Sam Patel)`),
        { timeout: 10_000 },
      )
      .toBe(true);
    const mail = platform.smtp
      .mailsTo(TEST_CONTEXT.supportEmail)
      .find((m) => m.subject === `Callback request: ${garageName} (Sam Patel)`)!;
    expect(mail.text).toContain('Best time to call: Afternoon');
    expect(mail.text).toContain('Message: After 2pm please');
  });

  it('records the signed-in user as the submitter, from the token and not the body', async () => {
    const userId = randomUUID();
    const token = signAccessToken(keys.privateKey, { sub: userId, role: 'garage', email: 'garage@example.co.uk' });
    const { status, body } = await post(
      '/api/v1/contact/garage',
      { ...validCallback, submitted_by: randomUUID() },
      token,
    );
    expect(status).toBe(201);
    const { rows } = await platform.db.pool.query('SELECT submitted_by FROM callback_requests WHERE id = $1', [
      (body.data as { id: string }).id,
    ]);
    expect(rows).toEqual([{ submitted_by: userId }]);
  });

  it('treats a caller with a token it cannot accept as a visitor rather than refusing the form', async () => {
    const forged = signAccessToken(createTestKeyPair().privateKey, {
      sub: randomUUID(),
      role: 'admin',
      email: 'x@example.co.uk',
    });
    const { status, body } = await post('/api/v1/contact/garage', validCallback, forged);
    expect(status).toBe(201);
    const { rows } = await platform.db.pool.query('SELECT submitted_by FROM callback_requests WHERE id = $1', [
      (body.data as { id: string }).id,
    ]);
    expect(rows).toEqual([{ submitted_by: null }]);
  });

  it.each([
    ['no full name', { ...validCallback, full_name: ' ' }, CONTACT_MESSAGES.callback.nameRequired],
    ['no garage name', { ...validCallback, garage_name: undefined }, CONTACT_MESSAGES.callback.nameRequired],
    ['no best time', { ...validCallback, best_time: '' }, CONTACT_MESSAGES.callback.bestTimeRequired],
    [
      'a best time not offered',
      { ...validCallback, best_time: 'midnight' },
      CONTACT_MESSAGES.callback.bestTimeRequired,
    ],
    ['no phone', { ...validCallback, phone: '' }, CONTACT_MESSAGES.callback.phoneRequired],
    ['a phone that is not UK', { ...validCallback, phone: '+44 7700 900123' }, MESSAGES.signup.phoneInvalid],
    ['a phone with 10 digits', { ...validCallback, phone: '0770090012' }, MESSAGES.signup.phoneInvalid],
  ])('answers 400 for %s with its message and stores nothing', async (_case, payload, message) => {
    const before = await count('callback_requests');
    const { status, body } = await post('/api/v1/contact/garage', payload);
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(await count('callback_requests')).toBe(before);
  });
});
