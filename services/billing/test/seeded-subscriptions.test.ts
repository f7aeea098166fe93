import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ZBillingPortalResponseSchema, ZSubscriptionResponseSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts, seedBilling, seedGarages } from '../../../scripts/seed.js';
import { advance, call, LOCAL_PRICE_ID, startBillingHarness, type BillingHarness } from './harness.js';

const SEED_FILE = path.join(import.meta.dirname, '../../../data/seed/garages.json');
const GARAGES = seedGarages();
const DEMO = GARAGES.find((g) => g.id === seedAccounts().garage.garage_id)!;

let harness: BillingHarness;

/** Runs the `billing` seeder of scripts/seed.ts on the test database, as `npm start` does. */
async function runSeeder(garages = GARAGES): Promise<string> {
  const client = await harness.db.pool.connect();
  try {
    return await seedBilling(client, garages);
  } finally {
    client.release();
  }
}

function tokenOf(garage: { id: string; email: string }): string {
  return harness.tokenFor({ sub: garage.id, email: garage.email, role: 'garage' });
}

async function readSubscription(garage: { id: string; email: string }) {
  const { status, body } = await call(harness, 'GET', '/api/v1/billing/subscription', { token: tokenOf(garage) });
  expect(status).toBe(200);
  return ZSubscriptionResponseSchema.parse(body).data;
}

beforeAll(async () => {
  harness = await startBillingHarness({ seedFile: SEED_FILE });
  expect(await runSeeder()).toBe(`${GARAGES.length} new billing customers, ${GARAGES.length} new subscriptions`);
});
afterAll(async () => {
  await harness?.close();
});

describe('GET /api/v1/billing/subscription for a seeded garage', () => {
  it("answers the demo garage its seeded status, the double's subscription and visa 4242", async () => {
    const stripeSubscription = harness.double.state.subscription(
      `sub_seed_${DEMO.id.replaceAll('-', '').slice(0, 12)}`,
    );
    const item = stripeSubscription.items.data[0]!;
    expect(await readSubscription(DEMO)).toEqual({
      customer_id: stripeSubscription.customer,
      subscription_id: stripeSubscription.id,
      subscription_status: DEMO.subscription_status,
      price_id: LOCAL_PRICE_ID,
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
      trial_end: null,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
    expect(DEMO.subscription_status).toBe('active');
  });

  it('answers every seeded garage the status garages and records were seeded with, as the double holds it', async () => {
    for (const garage of GARAGES) {
      const subscription = await readSubscription(garage);
      expect(subscription.subscription_status).toBe(garage.subscription_status);
      const stripeSubscription = harness.double.state.subscription(subscription.subscription_id!);
      expect(stripeSubscription.metadata.garage_id).toBe(garage.id);
      expect(subscription).toMatchObject({
        customer_id: stripeSubscription.customer,
        subscription_status: stripeSubscription.status,
        current_period_start: stripeSubscription.items.data[0]!.current_period_start,
        current_period_end: stripeSubscription.items.data[0]!.current_period_end,
        trial_end: stripeSubscription.trial_end,
        payment_method_brand: 'visa',
        payment_method_last4: '4242',
      });
    }
  });

  it("is replaced by the double's newer state as soon as a webhook about the subscription arrives", async () => {
    const garage = GARAGES.find((g) => g.subscription_status === 'trialing')!;
    const seeded = await readSubscription(garage);
    await advance(harness, seeded.subscription_id!, 'active');
    await harness.double.settled();
    const after = await readSubscription(garage);
    const stripeSubscription = harness.double.state.subscription(seeded.subscription_id!);
    expect(after).toMatchObject({
      subscription_id: seeded.subscription_id,
      subscription_status: 'active',
      current_period_start: stripeSubscription.items.data[0]!.current_period_start,
    });
    expect(after.current_period_start).not.toBe(seeded.current_period_start);
  });
});

describe('POST /api/v1/billing/portal for a seeded garage', () => {
  it("answers a portal URL the double serves, showing the garage's subscription and card", async () => {
    const { status, body } = await call(harness, 'POST', '/api/v1/billing/portal', { token: tokenOf(DEMO) });
    expect(status).toBe(200);
    const { url } = ZBillingPortalResponseSchema.parse(body).data;
    expect(url.startsWith(`${harness.double.url}/portal/bps_`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      DEMO.email,
      'VISA •••• 4242',
      'Renews on',
      'Cancel subscription',
      'href="http://localhost:8080/account"',
    ]) {
      expect(html).toContain(text);
    }
  });
});

describe('POST /api/v1/stripe/create-checkout-session for a seeded garage', () => {
  it('lets the seeded garage whose subscription was cancelled subscribe again: seeded garages count as confirmed', async () => {
    const cancelled = GARAGES.find((g) => g.subscription_status === 'canceled')!;
    const { status, body } = await call(harness, 'POST', '/api/v1/stripe/create-checkout-session', {
      token: tokenOf(cancelled),
      body: {
        price_id: LOCAL_PRICE_ID,
        mode: 'subscription',
        customerEmail: cancelled.email,
        success_url: 'http://localhost:8080/checkout-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:8080/checkout?canceled=true',
      },
    });
    expect({ status, code: body.code }).toEqual({ status: 200, code: undefined });
  });
});

describe('the billing seeder', () => {
  it('changes nothing when it runs again', async () => {
    expect(await runSeeder()).toBe('0 new billing customers, 0 new subscriptions');
    const { rows } = await harness.db.pool.query<{ customers: number; subscriptions: number }>(
      `SELECT (SELECT count(*)::int FROM billing_customers) AS customers, (SELECT count(*)::int FROM subscriptions) AS subscriptions`,
    );
    expect(rows[0]).toEqual({ customers: GARAGES.length, subscriptions: GARAGES.length });
  });

  it('gives no seeded subscription to a garage that already has a Stripe customer of its own', async () => {
    const garage = { ...DEMO, id: randomUUID(), email: 'own-customer@garage.test' };
    await harness.db.pool.query(
      'INSERT INTO billing_customers (garage_id, stripe_customer_id, email) VALUES ($1, $2, $3)',
      [garage.id, 'cus_from_checkout', garage.email],
    );
    expect(await runSeeder([garage])).toBe('0 new billing customers, 0 new subscriptions');
    const { rows } = await harness.db.pool.query('SELECT 1 FROM subscriptions WHERE garage_id = $1', [garage.id]);
    expect(rows).toEqual([]);
  });
});
