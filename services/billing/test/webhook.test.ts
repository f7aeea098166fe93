import { MESSAGES, ZErrorEnvelopeSchema, ZSubscriptionResponseSchema } from '@sh/shared/contract';
import { withTransaction } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '@sh/doubles/src/stripe/index.js';
import { applySubscriptionSnapshot } from '../src/domain/sync-subscription.js';
import {
  advance,
  call,
  checkoutRequest,
  payOnHostedPage,
  PUBLIC_URL,
  changesFor,
  newGarage,
  startBillingHarness,
  subscribeGarage,
  WEBHOOK_SECRET,
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

const WEBHOOK = '/api/v1/stripe/webhook';

async function statusOf(garage: TestGarage) {
  const { body } = await call(harness, 'GET', '/api/v1/billing/subscription', { token: garage.token });
  return ZSubscriptionResponseSchema.parse(body).data;
}

async function postWebhook(payload: string, signature: string | null) {
  const response = await fetch(`${harness.url}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${harness.double.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function countRows(table: 'stripe_events' | 'subscriptions' | 'event_outbox'): Promise<number> {
  const { rows } = await harness.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

describe('POST /api/v1/stripe/webhook', () => {
  it.each([
    ['signed with another secret', (payload: string) => signPayload(payload, 'whsec_not_ours')],
    ['with a forged v1 signature', () => `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`],
    [
      'signed too long ago',
      (payload: string) => signPayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    ],
    ['without a signature', () => null],
  ])('answers 400 for an event %s and changes nothing', async (_label, sign) => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await control('/_control/webhooks/hold');
    await advance(harness, subscriptionId, 'canceled');
    const [deleted] = harness.double.webhooks.heldEvents();
    await control('/_control/webhooks/hold');
    const before = { events: await countRows('stripe_events'), outbox: await countRows('event_outbox') };

    const payload = JSON.stringify(deleted);
    const { status, body } = await postWebhook(payload, sign(payload));
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({ status: 400, message: MESSAGES.billing.invalidSignature });
    expect((await statusOf(garage)).subscription_status).toBe('trialing');
    expect({ events: await countRows('stripe_events'), outbox: await countRows('event_outbox') }).toEqual(before);

    await control('/_control/webhooks/release');
    expect((await statusOf(garage)).subscription_status).toBe('canceled');
  });

  it('applies an event delivered three times once', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    const events = await advance(harness, subscriptionId, 'past_due');
    await harness.double.settled();
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    for (let i = 0; i < 2; i += 1) {
      const resent = await control(`/_control/events/${failed.id}/resend`);
      expect(resent.status).toBe(200);
    }
    expect(harness.double.webhooks.attemptsOf(failed.id).map((a) => a.status)).toEqual([200, 200, 200]);
    const { rows } = await harness.db.pool.query('SELECT event_id FROM stripe_events WHERE event_id = $1', [failed.id]);
    expect(rows).toHaveLength(1);
    expect((await changesFor(harness, garage.id)).filter((c) => c.reason === 'payment_failed')).toHaveLength(1);
  });

  it('ends in the newest state when events arrive newest first', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await control('/_control/webhooks/hold');
    await advance(harness, subscriptionId, 'active');
    await advance(harness, subscriptionId, 'past_due');
    await advance(harness, subscriptionId, 'active');
    await advance(harness, subscriptionId, 'canceled');
    const released = (await control('/_control/webhooks/release', { order: 'newest-first' })).delivered as Array<{
      type: string;
      status: number;
    }>;
    expect(released[0]!.type).toBe('customer.subscription.deleted');
    expect(released.every((r) => r.status === 200)).toBe(true);

    expect((await statusOf(garage)).subscription_status).toBe('canceled');
    const changes = await changesFor(harness, garage.id);
    expect(changes.at(-1)).toMatchObject({ status: 'canceled', reason: 'canceled' });
    expect(changes.map((c) => c.status)).toEqual(['trialing', 'canceled']);
  });

  it('makes the garage past_due on invoice.payment_failed, with a payment_failed change', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await advance(harness, subscriptionId, 'past_due');
    await harness.double.settled();
    expect((await statusOf(garage)).subscription_status).toBe('past_due');
    const failed = (await changesFor(harness, garage.id)).filter((c) => c.reason === 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ garageId: garage.id, email: garage.email, status: 'past_due', subscriptionId });
  });

  it('makes the garage active when the trial ends with a paid invoice', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await advance(harness, subscriptionId, 'active');
    await harness.double.settled();
    const subscription = await statusOf(garage);
    expect(subscription.subscription_status).toBe('active');
    expect(subscription.current_period_end! - subscription.current_period_start!).toBeGreaterThanOrEqual(28 * 86_400);
    expect((await changesFor(harness, garage.id)).at(-1)).toMatchObject({
      status: 'active',
      previousStatus: 'trialing',
      reason: 'activated',
    });
  });

  it('makes the garage canceled on deletion, with a canceled change', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await advance(harness, subscriptionId, 'canceled');
    await harness.double.settled();
    expect((await statusOf(garage)).subscription_status).toBe('canceled');
    expect((await changesFor(harness, garage.id)).at(-1)).toMatchObject({
      status: 'canceled',
      previousStatus: 'trialing',
      reason: 'canceled',
    });
  });

  it('announces trial_will_end without changing the status', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await advance(harness, subscriptionId, 'trial_will_end');
    await harness.double.settled();
    expect((await statusOf(garage)).subscription_status).toBe('trialing');
    expect((await changesFor(harness, garage.id)).map((c) => c.reason)).toEqual(['trial_started', 'trial_will_end']);
  });

  it('acknowledges a verified event it does not act on', async () => {
    const payload = JSON.stringify({
      id: 'evt_unhandled_1',
      object: 'event',
      type: 'charge.refunded',
      created: 1,
      data: { object: { id: 'ch_1' } },
    });
    const before = await countRows('event_outbox');
    const { status, body } = await postWebhook(payload, signPayload(payload, WEBHOOK_SECRET));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, data: { received: true, duplicate: false } });
    expect(await countRows('event_outbox')).toBe(before);
  });
});

describe('storing subscription snapshots', () => {
  it('never lets an older snapshot overwrite a newer one', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    const { rows } = await harness.db.pool.query<{ state_at: number; customer_id: string }>(
      'SELECT state_at, customer_id FROM subscriptions WHERE subscription_id = $1',
      [subscriptionId],
    );
    const stored = rows[0]!;
    const older = {
      subscriptionId,
      customerId: stored.customer_id,
      status: 'canceled',
      priceId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      paymentMethodBrand: null,
      paymentMethodLast4: null,
      metadataGarageId: garage.id,
      customerEmail: garage.email,
      stateAt: stored.state_at - 1,
    };
    const outcome = await withTransaction(harness.db.pool, (db) =>
      applySubscriptionSnapshot(db, older, 'customer.subscription.deleted'),
    );
    expect(outcome).toEqual({ outcome: 'stale' });
    expect((await statusOf(garage)).subscription_status).toBe('trialing');
    expect((await changesFor(harness, garage.id)).map((c) => c.status)).toEqual(['trialing']);
  });
});

describe('one live subscription per garage', () => {
  it('cancels the second subscription when two checkouts of one garage are both paid', async () => {
    const garage = await newGarage(harness);
    const start = async (successPath: string) => {
      const { status, body } = await call(harness, 'POST', '/api/v1/stripe/create-checkout-session', {
        token: garage.token,
        body: checkoutRequest(garage, { success_url: `${PUBLIC_URL}${successPath}?session_id={CHECKOUT_SESSION_ID}` }),
      });
      expect(status).toBe(200);
      return (body.data as { url: string }).url;
    };
    // Two tabs: both checkouts start before either is paid.
    const [first, second] = [await start('/checkout-success'), await start('/checkout-success/')];
    expect(first).not.toBe(second);
    expect((await payOnHostedPage(first)).status).toBe(303);
    await harness.double.settled();
    expect((await payOnHostedPage(second)).status).toBe(303);
    await harness.double.settled();

    const { rows } = await harness.db.pool.query<{ subscription_id: string; status: string }>(
      'SELECT subscription_id, status FROM subscriptions WHERE garage_id = $1 ORDER BY created_at',
      [garage.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.status)).toEqual(['trialing', 'canceled']);
    expect(harness.double.state.subscription(rows[1]!.subscription_id).status).toBe('canceled');
    expect((await statusOf(garage)).subscription_status).toBe('trialing');
  });
});
