/**
 * Two billing replicas on one database (docs/deployment.md#replicas): what a load balancer may hand to both at once,
 * a garage's first checkout and a webhook Stripe delivers again, changes things once.
 */
import { createPool, type Pool } from '@sh/shared/server';
import { listenForTest, testLogger } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '@sh/doubles/src/stripe/index.js';
import { buildBillingApp } from '../src/app.js';
import { createStripeClient } from '../src/stripe/create-stripe-client.js';
import {
  advance,
  changesFor,
  checkoutRequest,
  newGarage,
  startBillingHarness,
  subscribeGarage,
  WEBHOOK_SECRET,
  type BillingHarness,
} from './harness.js';

let harness: BillingHarness;
let otherPool: Pool;
let other: { url: string; close(): Promise<void> };
/** The harness's billing and a second one, as main.ts builds it, with a pool of its own on the same database. */
let replicas: string[];

beforeAll(async () => {
  harness = await startBillingHarness();
  otherPool = createPool(harness.db.url, 5);
  other = await listenForTest(
    buildBillingApp({
      pool: otherPool,
      logger: testLogger,
      stripe: createStripeClient(harness.config),
      config: harness.config,
    }),
  );
  replicas = [harness.url, other.url];
});
afterAll(async () => {
  await other?.close();
  await otherPool?.end();
  await harness?.close();
});

async function control(path: string) {
  const response = await fetch(`${harness.double.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

describe('two billing replicas', () => {
  it("make one Stripe customer and one checkout for a garage's first checkout sent to both at once", async () => {
    const garage = await newGarage(harness);
    const answers = await Promise.all(
      replicas.map((url) =>
        fetch(`${url}/api/v1/stripe/create-checkout-session`, {
          method: 'POST',
          headers: { authorization: `Bearer ${garage.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(checkoutRequest(garage)),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(harness.double.state.all('customer').filter((c) => c.email === garage.email)).toHaveLength(1);
    expect(
      harness.double.state.all('checkout.session').filter((s) => s.client_reference_id === garage.id),
    ).toHaveLength(1);
    const { rows } = await harness.db.pool.query('SELECT 1 FROM billing_customers WHERE garage_id = $1', [garage.id]);
    expect(rows).toHaveLength(1);
  });

  it('apply a webhook delivered to both at once, three times over, once', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await control('/_control/webhooks/hold');
    const failed = (await advance(harness, subscriptionId, 'past_due')).find(
      (event) => event.type === 'invoice.payment_failed',
    )!;
    const payload = JSON.stringify(harness.double.state.event(failed.id));
    const deliveries = await Promise.all(
      [0, 1, 2].flatMap(() =>
        replicas.map((url) =>
          fetch(`${url}/api/v1/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, WEBHOOK_SECRET) },
            body: payload,
          }).then(async (response) => ({
            status: response.status,
            body: (await response.json()) as { data: { duplicate: boolean } },
          })),
        ),
      ),
    );
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(deliveries.filter((delivery) => !delivery.body.data.duplicate)).toHaveLength(1);
    await control('/_control/webhooks/release');
    await harness.double.settled();
    const { rows } = await harness.db.pool.query('SELECT 1 FROM stripe_events WHERE event_id = $1', [failed.id]);
    expect(rows).toHaveLength(1);
    expect((await changesFor(harness, garage.id)).filter((c) => c.reason === 'payment_failed')).toHaveLength(1);
  });
});
