import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@sh/shared/contract';
import { applyEventOnce, type EventHandlers } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEventHandlers,
  call,
  checkoutRequest,
  newGarage,
  startBillingHarness,
  startCheckout,
  type BillingHarness,
} from './harness.js';

let harness: BillingHarness;
let handlers: EventHandlers;

beforeAll(async () => {
  harness = await startBillingHarness();
  handlers = billingEventHandlers(harness);
});
afterAll(async () => {
  await harness?.close();
});

const CHECKOUT = '/api/v1/stripe/create-checkout-session';

function envelope<N extends 'user.email_confirmed' | 'user.email_changed'>(
  name: N,
  payload: TEventEnvelope<N>['payload'],
): TEventEnvelope<N> {
  return { id: randomUUID(), name, version: 1, occurredAt: new Date().toISOString(), payload } as TEventEnvelope<N>;
}

const customersAtStripeFor = (garageId: string) =>
  harness.double.state.all('customer').filter((customer) => customer.metadata.garage_id === garageId);

async function storedCustomerEmail(garageId: string): Promise<string | undefined> {
  const { rows } = await harness.db.pool.query<{ email: string }>(
    'SELECT email FROM billing_customers WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]?.email;
}

describe('user.email_confirmed', () => {
  it('lets the garage check out once identity says its e-mail is confirmed (user.email_confirmed)', async () => {
    const garage = await newGarage(harness, { emailConfirmed: false });
    await applyEventOnce(
      harness.db.pool,
      handlers,
      envelope('user.email_confirmed', { userId: garage.id, email: garage.email, confirmedAt: Date.now() }),
    );
    const { status } = await call(harness, 'POST', CHECKOUT, { token: garage.token, body: checkoutRequest(garage) });
    expect(status).toBe(200);
  });
});

describe('user.email_changed', () => {
  it("moves the garage's Stripe customer to the new e-mail, at Stripe and in billing", async () => {
    const garage = await newGarage(harness);
    await startCheckout(harness, garage);
    const moved = `moved.${garage.email}`;
    await applyEventOnce(
      harness.db.pool,
      handlers,
      envelope('user.email_changed', { userId: garage.id, oldEmail: garage.email, newEmail: moved, changedAt: 2_000 }),
    );

    expect(customersAtStripeFor(garage.id).map((customer) => customer.email)).toEqual([moved]);
    expect(await storedCustomerEmail(garage.id)).toBe(moved);
  });

  it('ignores a change older than the one already applied', async () => {
    const garage = await newGarage(harness);
    await startCheckout(harness, garage);
    const newest = `newest.${garage.email}`;
    await applyEventOnce(
      harness.db.pool,
      handlers,
      envelope('user.email_changed', { userId: garage.id, oldEmail: garage.email, newEmail: newest, changedAt: 2_000 }),
    );
    await applyEventOnce(
      harness.db.pool,
      handlers,
      envelope('user.email_changed', {
        userId: garage.id,
        oldEmail: garage.email,
        newEmail: `stale.${garage.email}`,
        changedAt: 1_000,
      }),
    );

    expect(customersAtStripeFor(garage.id).map((customer) => customer.email)).toEqual([newest]);
    expect(await storedCustomerEmail(garage.id)).toBe(newest);
  });

  it('calls Stripe for nothing when the garage has no Stripe customer yet', async () => {
    const garage = await newGarage(harness);
    const before = harness.double.state.all('customer').length;
    expect(
      await applyEventOnce(
        harness.db.pool,
        handlers,
        envelope('user.email_changed', {
          userId: garage.id,
          oldEmail: garage.email,
          newEmail: `x.${garage.email}`,
          changedAt: 1,
        }),
      ),
    ).toBe('applied');
    expect(harness.double.state.all('customer')).toHaveLength(before);
    expect(await storedCustomerEmail(garage.id)).toBeUndefined();
  });
});
