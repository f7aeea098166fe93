import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceEmailConfirmations } from '../src/domain/announce-email-confirmations.js';
import { buildUser, call, outboxEvents, startIdentity, TEST_INTERNAL_TOKEN, type RunningIdentity } from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

describe('announcing at start-up the confirmations other services never heard of', () => {
  it('announces each confirmed account stored before the event existed (or by the seed) once, and no unconfirmed one', async () => {
    const confirmedBefore = await buildUser(identity.db.pool);
    const alsoConfirmed = await buildUser(identity.db.pool);
    const unconfirmed = await buildUser(identity.db.pool, { confirmed: false });
    const created = await call(identity.url, 'POST', '/internal/users', {
      body: { email: `linked.${Date.now()}@forth-bridge.co.uk`, password: 'Spanner42', role: 'garage' },
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    const linkedId = (created.body.data as { id: string }).id;
    const token = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).find(
      (e) => e.userId === linkedId,
    )!.token!;
    expect((await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token } })).status).toBe(200);

    expect(await announceEmailConfirmations(identity.db.pool)).toBe(2);
    const announced = await outboxEvents(identity.db.pool, 'user.email_confirmed');
    const countFor = (id: string) => announced.filter((event) => event.userId === id).length;
    expect(countFor(confirmedBefore.id)).toBe(1);
    expect(countFor(alsoConfirmed.id)).toBe(1);
    expect(countFor(unconfirmed.id)).toBe(0);
    expect(countFor(linkedId)).toBe(1);
    expect(announced.find((event) => event.userId === confirmedBefore.id)).toMatchObject({
      email: confirmedBefore.email,
    });

    expect(await announceEmailConfirmations(identity.db.pool)).toBe(0);
  });
});
