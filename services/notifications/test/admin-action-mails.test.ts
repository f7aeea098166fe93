import { randomUUID } from 'node:crypto';
import { BRAND, type TEventEnvelope, type TEventPayload } from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsHandlers } from '../src/events/handlers.js';
import { linkLabelled, startPlatform, TEST_CONTEXT, type Platform } from './harness.js';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;
// 14 March 2026, midday in London.
const MARCH_14 = Date.UTC(2026, 2, 14, 12);

function amended(
  overrides: Partial<TEventPayload<'service_record.amended'>> = {},
): TEventPayload<'service_record.amended'> {
  return {
    recordId: randomUUID(),
    amendmentId: randomUUID(),
    amendedBy: randomUUID(),
    registration: 'AB12CDE',
    garageId: randomUUID(),
    garageName: 'Smith & Sons <Motors>',
    garageEmail: uniqueEmail('workshop'),
    serviceDate: '2026-03-10',
    changedFields: ['notes', 'service_date'],
    reason: 'Customer reported the wrong date was entered',
    amendedAt: new Date(MARCH_14).toISOString(),
    ...overrides,
  };
}

function withdrawn(
  overrides: Partial<TEventPayload<'service_record.withdrawn'>> = {},
): TEventPayload<'service_record.withdrawn'> {
  return {
    recordId: randomUUID(),
    withdrawnBy: randomUUID(),
    registration: 'XY71ZZB',
    garageId: randomUUID(),
    garageName: 'Smith & Sons <Motors>',
    garageEmail: uniqueEmail('workshop'),
    serviceDate: '2026-02-01',
    reason: 'Logged against the wrong vehicle',
    withdrawnAt: new Date(MARCH_14).toISOString(),
    ...overrides,
  };
}

function bothParts(mail: { text?: string; html?: string | false }): string[] {
  expect(typeof mail.html).toBe('string');
  return [mail.text ?? '', mail.html as string];
}

describe('garage.suspended', () => {
  it('tells the garage it is suspended and why, that it cannot sign in or add records, and that its records stay public', async () => {
    const email = uniqueEmail('suspended');
    await platform.publish('garage.suspended', {
      garageId: randomUUID(),
      name: 'Quayside <Motors>',
      email,
      reason: 'Logged services it never performed & ignored our letters',
      suspendedAt: MARCH_14,
    });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe(`Your ${BRAND.name} garage account has been suspended`);
    expect(mail.text).toContain('Logged services it never performed & ignored our letters');
    expect(mail.html).toContain('Logged services it never performed &amp; ignored our letters');
    expect(mail.html).toContain('Quayside &lt;Motors&gt;');
    expect(mail.html).not.toContain('<Motors>');
    for (const part of bothParts(mail)) {
      expect(part).toContain('14 March 2026');
      expect(part).toContain('cannot sign in or add service records');
      expect(part).toContain('stay in the public vehicle history');
      expect(part).toContain(TEST_CONTEXT.supportEmail);
    }
  });
});

describe('garage.reinstated', () => {
  it('tells the garage it can sign in again, with the reason and a sign-in link', async () => {
    const email = uniqueEmail('reinstated');
    await platform.publish('garage.reinstated', {
      garageId: randomUUID(),
      name: 'Quayside Motors',
      email,
      reason: 'Complaint resolved',
      reinstatedAt: MARCH_14,
    });

    const mail = await platform.smtp.waitForMail(email);
    expect(mail.subject).toBe(`Your ${BRAND.name} garage account has been reinstated`);
    for (const part of bothParts(mail)) {
      expect(part).toContain('Complaint resolved');
      expect(part).toContain('14 March 2026');
    }
    expect(linkLabelled(mail.html as string, 'Sign in').toString()).toBe(`${TEST_CONTEXT.publicUrl}/login`);
  });
});

describe('service_record.amended', () => {
  it('tells the garage which record was amended, the fields changed and why, with a link to the public history', async () => {
    const event = amended();
    await platform.publish('service_record.amended', event);

    const mail = await platform.smtp.waitForMail(event.garageEmail!);
    expect(mail.subject).toBe('A service record for AB12CDE was amended');
    for (const part of bothParts(mail)) {
      expect(part).toContain('AB12CDE');
      expect(part).toContain('10 March 2026');
      expect(part).toContain('Notes, Service date');
      expect(part).toContain('Customer reported the wrong date was entered');
      expect(part).toContain('14 March 2026');
      expect(part).toContain('original entry stays');
    }
    expect(mail.html).toContain('Smith &amp; Sons &lt;Motors&gt;');
    const link = linkLabelled(mail.html as string, 'View the public history of AB12CDE');
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_CONTEXT.publicUrl}/vehicle-results`);
    expect(link.searchParams.get('reg')).toBe('AB12CDE');
  });

  it('queues one mail however often the event is delivered, and none for a garage without an e-mail', async () => {
    const handlers = createNotificationsHandlers(TEST_CONTEXT);
    const twice: TEventEnvelope<'service_record.amended'> = {
      id: randomUUID(),
      name: 'service_record.amended',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: amended(),
    };
    expect(await applyEventOnce(platform.db.pool, handlers, twice)).toBe('applied');
    expect(await applyEventOnce(platform.db.pool, handlers, twice)).toBe('duplicate');
    const noAddress = { ...twice, id: randomUUID(), payload: amended({ garageEmail: null }) };
    expect(await applyEventOnce(platform.db.pool, handlers, noAddress)).toBe('applied');

    const { rows } = await platform.db.pool.query<{ event_id: string; template: string; to_address: string }>(
      'SELECT event_id, template, to_address FROM mail_queue WHERE event_id = ANY($1::uuid[])',
      [[twice.id, noAddress.id]],
    );
    expect(rows).toEqual([
      { event_id: twice.id, template: 'service_record_amended', to_address: twice.payload.garageEmail },
    ]);
  });
});

describe('service_record.withdrawn', () => {
  it('tells the garage which record was withdrawn and why, and that the history keeps it', async () => {
    const event = withdrawn();
    await platform.publish('service_record.withdrawn', event);

    const mail = await platform.smtp.waitForMail(event.garageEmail!);
    expect(mail.subject).toBe('A service record for XY71ZZB was withdrawn');
    for (const part of bothParts(mail)) {
      expect(part).toContain('XY71ZZB');
      expect(part).toContain('1 February 2026');
      expect(part).toContain('Logged against the wrong vehicle');
      expect(part).toContain('14 March 2026');
      expect(part).toContain('no longer appears');
      expect(part).toContain('It is not deleted');
    }
  });
});
