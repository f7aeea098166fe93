import { MESSAGES, ZErrorEnvelopeSchema, ZSubscriptionResponseSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  changesFor,
  LOCAL_PRICE_ID,
  newGarage,
  payOnHostedPage,
  startBillingHarness,
  startCheckout,
  subscribeGarage,
  type BillingHarness,
  type TestGarage,
} from './harness.js';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await startBillingHarness();
});
afterAll(async () => {
  await harness?.close();
});

const DAY = 86_400;
const SUBSCRIPTION = '/api/v1/billing/subscription';
const SYNC = '/api/v1/billing/subscription/sync';

async function readSubscription(garage: TestGarage, query = '') {
  const { status, body } = await call(harness, 'GET', `${SUBSCRIPTION}${query}`, { token: garage.token });
  expect(status).toBe(200);
  return ZSubscriptionResponseSchema.parse(body).data;
}

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${harness.double.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** Pays on the hosted page while the double holds its webhooks, runs `whileHeld`, then lets the webhooks go. */
async function payWithWebhooksHeld(checkoutUrl: string, whileHeld: () => Promise<void>): Promise<void> {
  await control('/_control/webhooks/hold');
  try {
    await payOnHostedPage(checkoutUrl);
    await whileHeld();
  } finally {
    await control('/_control/webhooks/release', { order: 'oldest-first' });
  }
}

describe('paying on the hosted checkout page', () => {
  it('makes the garage trialing with trial_end 14 days ahead and its card visa 4242, once the webhooks arrive', async () => {
    const garage = await newGarage(harness);
    expect((await readSubscription(garage)).subscription_status).toBe('inactive');
    const { url, sessionId } = await startCheckout(harness, garage);
    const now = Math.floor(Date.now() / 1000);
    const paid = await payOnHostedPage(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:8080/checkout-success?session_id=${sessionId}`);
    await harness.double.settled();

    const subscription = await readSubscription(garage);
    const stripeSubscription = harness.double.state.subscription(
      harness.double.state.checkoutSession(sessionId).subscription!,
    );
    expect(subscription).toEqual({
      customer_id: stripeSubscription.customer,
      subscription_id: stripeSubscription.id,
      subscription_status: 'trialing',
      price_id: LOCAL_PRICE_ID,
      current_period_start: stripeSubscription.items.data[0]!.current_period_start,
      current_period_end: stripeSubscription.trial_end,
      trial_end: stripeSubscription.trial_end,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
    expect(subscription.trial_end! - now).toBeGreaterThanOrEqual(14 * DAY);
    expect(subscription.trial_end! - now).toBeLessThan(14 * DAY + 120);

    const changes = await changesFor(harness, garage.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      garageId: garage.id,
      email: garage.email,
      status: 'trialing',
      previousStatus: null,
      reason: 'trial_started',
      subscriptionId: stripeSubscription.id,
      customerId: stripeSubscription.customer,
      trialEnd: stripeSubscription.trial_end,
      cancelAtPeriodEnd: false,
    });
  });

  it('syncs from Stripe with the checkout session id before the webhooks arrive, and the late webhooks add no second event', async () => {
    const garage = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, garage);
    await control('/_control/webhooks/hold');
    try {
      await payOnHostedPage(url);
      expect((await readSubscription(garage)).subscription_status).toBe('inactive');
      const synced = await readSubscription(garage, `?session_id=${sessionId}`);
      expect(synced).toMatchObject({ subscription_status: 'trialing', payment_method_last4: '4242' });
    } finally {
      await control('/_control/webhooks/release', { order: 'oldest-first' });
    }
    expect((await readSubscription(garage)).subscription_status).toBe('trialing');
    expect((await changesFor(harness, garage.id)).map((c) => c.reason)).toEqual(['trial_started']);
  });

  it("does not sync with another garage's checkout session id", async () => {
    const owner = await newGarage(harness);
    const other = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, owner);
    await control('/_control/webhooks/hold');
    try {
      await payOnHostedPage(url);
      expect((await readSubscription(other, `?session_id=${sessionId}`)).subscription_status).toBe('inactive');
      expect((await readSubscription(owner)).subscription_status).toBe('inactive');
    } finally {
      await control('/_control/webhooks/release');
    }
    expect(await changesFor(harness, other.id)).toEqual([]);
  });
});

describe('reads never write', () => {
  it('answers what Stripe holds for the checkout session id but stores nothing and announces nothing', async () => {
    const garage = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, garage);
    await payWithWebhooksHeld(url, async () => {
      expect((await readSubscription(garage, `?session_id=${sessionId}`)).subscription_status).toBe('trialing');
      expect((await readSubscription(garage)).subscription_status).toBe('inactive');
      const { rows } = await harness.db.pool.query('SELECT 1 FROM subscriptions WHERE garage_id = $1', [garage.id]);
      expect(rows).toEqual([]);
      expect(await changesFor(harness, garage.id)).toEqual([]);
    });
    expect((await readSubscription(garage)).subscription_status).toBe('trialing');
    expect((await changesFor(harness, garage.id)).map((c) => c.reason)).toEqual(['trial_started']);
  });
});

describe('POST /api/v1/billing/subscription/sync', () => {
  async function sync(garage: TestGarage, body: unknown) {
    const { status, body: answer } = await call(harness, 'POST', SYNC, { token: garage.token, body });
    expect(status).toBe(200);
    return ZSubscriptionResponseSchema.parse(answer).data;
  }

  it('answers 401 without a token', async () => {
    const { status, body } = await call(harness, 'POST', SYNC, { body: { session_id: 'cs_test_x' } });
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'unauthorized',
      message: MESSAGES.platform.unauthorized,
    });
  });

  it('answers 403 for an admin token', async () => {
    const admin = harness.tokenFor({ sub: crypto.randomUUID(), email: 'admin@platform.test', role: 'admin' });
    const { status, body } = await call(harness, 'POST', SYNC, { token: admin, body: { session_id: 'cs_test_x' } });
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.platform.forbidden);
  });

  it.each([
    ['a malformed session_id', { session_id: 'not-a-session' }],
    ['no session_id', {}],
  ])('answers 400 for %s', async (_case, body) => {
    const garage = await newGarage(harness);
    const { status, body: answer } = await call(harness, 'POST', SYNC, { token: garage.token, body });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(answer)).toMatchObject({
      message: MESSAGES.billing.sessionIdInvalid,
      errors: [{ path: 'session_id' }],
    });
  });

  it("stores the subscription of the garage's own checkout before the webhooks arrive, and the late webhooks add no second event", async () => {
    const garage = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, garage);
    await payWithWebhooksHeld(url, async () => {
      expect(await sync(garage, { session_id: sessionId })).toMatchObject({
        subscription_status: 'trialing',
        payment_method_last4: '4242',
      });
      expect((await readSubscription(garage)).subscription_status).toBe('trialing');
      expect((await changesFor(harness, garage.id)).map((c) => c.reason)).toEqual(['trial_started']);
    });
    expect((await readSubscription(garage)).subscription_status).toBe('trialing');
    expect((await changesFor(harness, garage.id)).map((c) => c.reason)).toEqual(['trial_started']);
  });

  it('changes nothing for a garage that is already subscribed', async () => {
    const garage = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, garage);
    await payOnHostedPage(url);
    await harness.double.settled();
    const before = await readSubscription(garage);
    expect(await sync(garage, { session_id: sessionId })).toEqual(before);
    expect(await changesFor(harness, garage.id)).toHaveLength(1);
  });

  it("does not sync with another garage's checkout session id", async () => {
    const owner = await newGarage(harness);
    const other = await newGarage(harness);
    const { url, sessionId } = await startCheckout(harness, owner);
    await payWithWebhooksHeld(url, async () => {
      expect((await sync(other, { session_id: sessionId })).subscription_status).toBe('inactive');
      expect((await readSubscription(owner)).subscription_status).toBe('inactive');
      expect(await changesFor(harness, owner.id)).toEqual([]);
    });
    expect(await changesFor(harness, other.id)).toEqual([]);
  });
});

describe('GET /api/v1/billing/subscription', () => {
  it('answers 401 without a token', async () => {
    const { status, body } = await call(harness, 'GET', SUBSCRIPTION);
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'unauthorized',
      message: MESSAGES.platform.unauthorized,
    });
  });

  it('answers 403 for an admin token', async () => {
    const admin = harness.tokenFor({ sub: crypto.randomUUID(), email: 'admin@platform.test', role: 'admin' });
    const { status, body } = await call(harness, 'GET', SUBSCRIPTION, { token: admin });
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.platform.forbidden);
  });

  it('answers 400 for a malformed session_id', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'GET', `${SUBSCRIPTION}?session_id=not-a-session`, {
      token: garage.token,
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      message: MESSAGES.billing.sessionIdInvalid,
      errors: [{ path: 'session_id' }],
    });
  });

  it('answers inactive with nulls for a garage without a subscription', async () => {
    const garage = await newGarage(harness);
    expect(await readSubscription(garage)).toEqual({
      customer_id: null,
      subscription_id: null,
      subscription_status: 'inactive',
      price_id: null,
      current_period_start: null,
      current_period_end: null,
      trial_end: null,
      cancel_at_period_end: false,
      payment_method_brand: null,
      payment_method_last4: null,
    });
  });

  it('shows each garage only its own subscription', async () => {
    const first = await newGarage(harness);
    const second = await newGarage(harness);
    const firstSubscription = await subscribeGarage(harness, first);
    expect((await readSubscription(first)).subscription_id).toBe(firstSubscription);
    expect((await readSubscription(second)).subscription_status).toBe('inactive');

    const secondSubscription = await subscribeGarage(harness, second);
    expect(secondSubscription).not.toBe(firstSubscription);
    expect((await readSubscription(second)).subscription_id).toBe(secondSubscription);
    expect((await readSubscription(first)).subscription_id).toBe(firstSubscription);
  });
});
