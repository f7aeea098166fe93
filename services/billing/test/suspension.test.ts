import { randomUUID } from 'node:crypto';
import { eventsFor, ZErrorEnvelopeSchema, type TEventEnvelope, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { applyEventOnce, type EventHandlers } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEventHandlers,
  call,
  checkoutRequest,
  newGarage,
  startBillingHarness,
  subscribeGarage,
  type BillingHarness,
  type TestGarage,
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

function suspension(
  garage: TestGarage,
  at: number,
  isSuspended: boolean,
): TEventEnvelope<'garage.suspended' | 'garage.reinstated'> {
  const common = { id: randomUUID(), version: 1 as const, occurredAt: new Date(at).toISOString() };
  const who = { garageId: garage.id, name: 'Hartley Motors', email: garage.email };
  return isSuspended
    ? {
        ...common,
        name: 'garage.suspended',
        payload: { ...who, reason: 'False records reported by customers', suspendedAt: at },
      }
    : {
        ...common,
        name: 'garage.reinstated',
        payload: { ...who, reason: 'Records checked and found correct', reinstatedAt: at },
      };
}

/** Every garage call billing answers, as the web app makes them. */
function garageCalls(garage: TestGarage) {
  return [
    call(harness, 'POST', '/api/v1/stripe/create-checkout-session', {
      token: garage.token,
      body: checkoutRequest(garage),
    }),
    call(harness, 'GET', '/api/v1/billing/subscription', { token: garage.token }),
    call(harness, 'POST', '/api/v1/billing/subscription/sync', {
      token: garage.token,
      body: { session_id: 'cs_test_anything' },
    }),
    call(harness, 'POST', '/api/v1/billing/portal', { token: garage.token }),
  ];
}

const customersAtStripe = () => harness.double.state.all('customer').length;
const sessionsAtStripe = () => harness.double.state.all('checkout.session').length;

describe('garage.suspended and garage.reinstated in billing', () => {
  it('are both handled, so the billing consumer starts', () => {
    expect(eventsFor('billing')).toEqual(expect.arrayContaining(['garage.suspended', 'garage.reinstated']));
    expect(eventsFor('billing').filter((name) => !(name in handlers))).toEqual([]);
  });

  it("refuse every garage call of a suspended garage, even with a token issued before, with the 403 and SPEC's wording, and reach Stripe for none", async () => {
    const garage = await newGarage(harness);
    await subscribeGarage(harness, garage);
    expect(await applyEventOnce(harness.db.pool, handlers, suspension(garage, 1_000, true))).toBe('applied');
    const customers = customersAtStripe();
    const sessions = sessionsAtStripe();

    const answers = await Promise.all(garageCalls(garage));
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    for (const answer of answers) {
      expect(ZErrorEnvelopeSchema.parse(answer.body)).toEqual({
        status: 403,
        code: 'forbidden',
        message: ADMIN_ACTION_MESSAGES.accountSuspended,
      });
    }
    expect([customersAtStripe(), sessionsAtStripe()]).toEqual([customers, sessions]);
  });

  it('let the garage use billing again once reinstated, and keep the newest state when the events arrive out of order', async () => {
    const garage = await newGarage(harness);
    await applyEventOnce(harness.db.pool, handlers, suspension(garage, 5_000, false));
    await applyEventOnce(harness.db.pool, handlers, suspension(garage, 3_000, true));
    const reinstated = await Promise.all(garageCalls(garage));
    expect(reinstated[0]!.status).toBe(200);
    expect(reinstated[1]!.status).toBe(200);

    await applyEventOnce(harness.db.pool, handlers, suspension(garage, 6_000, true));
    expect((await Promise.all(garageCalls(garage))).map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
  });

  it('leave other garages paying as before', async () => {
    const suspended = await newGarage(harness);
    const other = await newGarage(harness);
    await applyEventOnce(harness.db.pool, handlers, suspension(suspended, 1_000, true));
    const { status } = await call(harness, 'POST', '/api/v1/stripe/create-checkout-session', {
      token: other.token,
      body: checkoutRequest(other),
    });
    expect(status).toBe(200);
  });
});
