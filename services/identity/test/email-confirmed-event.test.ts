import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, outboxEvents, startIdentity, TEST_INTERNAL_TOKEN, type RunningIdentity } from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

/** Creates a user the way garages' signup does; answers its id and the confirmation token from its event. */
async function signUpUser(email: string) {
  const created = await call(identity.url, 'POST', '/internal/users', {
    body: { email, password: 'Spanner42', role: 'garage' },
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
  });
  const id = (created.body.data as { id: string }).id;
  const event = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).find(
    (e) => e.userId === id,
  )!;
  return { id, token: event.token! };
}

const confirmedEventsOf = async (userId: string) =>
  (await outboxEvents(identity.db.pool, 'user.email_confirmed')).filter((event) => event.userId === userId);

describe('user.email_confirmed (what billing, records and garages hear to let a garage check out and add records)', () => {
  it('is announced once when the confirmation link is followed', async () => {
    const { id, token } = await signUpUser(`confirm.${Date.now()}@welland-valley.co.uk`);
    expect(await confirmedEventsOf(id)).toEqual([]);
    const before = Date.now();
    expect((await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token } })).status).toBe(200);
    const events = await confirmedEventsOf(id);
    expect(events).toEqual([
      { userId: id, email: expect.stringContaining('@welland-valley.co.uk'), confirmedAt: expect.any(Number) },
    ]);
    expect(Number(events[0]!.confirmedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is announced when a reset link proves an unconfirmed address, and not again for a confirmed one', async () => {
    const unconfirmed = await buildUser(identity.db.pool, { confirmed: false });
    const confirmed = await buildUser(identity.db.pool);
    for (const user of [unconfirmed, confirmed]) {
      await call(identity.url, 'POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      const token = (await outboxEvents(identity.db.pool, 'user.password_reset_requested'))
        .filter((e) => e.userId === user.id)
        .at(-1)!.token!;
      expect(
        (await call(identity.url, 'POST', '/api/v1/auth/reset-password', { body: { token, password: 'brand-new' } }))
          .status,
      ).toBe(200);
    }
    expect(await confirmedEventsOf(unconfirmed.id)).toHaveLength(1);
    expect(await confirmedEventsOf(confirmed.id)).toEqual([]);
  });
});
