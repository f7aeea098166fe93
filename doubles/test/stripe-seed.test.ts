import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOCAL_PRICE_ID,
  seedSubscriptionsFor,
  startStripeDouble,
  type SeedGarage,
  type StripeDouble,
} from '../src/stripe/index.js';

const SEED_FILE = path.join(import.meta.dirname, '../../data/seed/garages.json');
const GARAGES = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedGarage[];
const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

function garage(overrides: Partial<SeedGarage>): SeedGarage {
  return {
    id: '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f',
    name: 'Hartley Motors Ltd',
    email: 'service@hartley-motors.test',
    created_at: '2024-01-31T10:00:00.000Z',
    subscription_status: 'active',
    ...overrides,
  };
}

describe('seedSubscriptionsFor', () => {
  it('answers the same seeds for the same garages and moment, with ids derived from each garage id', () => {
    const now = at('2026-11-22T00:00:00Z');
    const seeds = seedSubscriptionsFor(GARAGES, now);
    expect(seedSubscriptionsFor(structuredClone(GARAGES), now)).toEqual(seeds);
    expect(seeds).toHaveLength(GARAGES.length);
    const hartley = seeds.find((s) => s.garageId === '3479ef9d-1bec-4519-bd0f-40f51e02d146')!;
    expect(hartley).toMatchObject({
      customerId: 'cus_seed_3479ef9d1bec',
      subscriptionId: 'sub_seed_3479ef9d1bec',
      paymentMethodId: 'pm_seed_3479ef9d1bec',
      email: 'service@hartleymotors.co.uk',
      priceId: LOCAL_PRICE_ID,
      status: 'active',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
    expect(new Set(seeds.map((s) => s.subscriptionId)).size).toBe(seeds.length);
    expect(seeds.map((s) => s.status)).toEqual(GARAGES.map((g) => g.subscription_status));
  });

  it('puts an active or past_due subscription in the monthly period containing now, aligned to created_at', () => {
    const [active, pastDue] = seedSubscriptionsFor(
      [garage({}), garage({ id: '11111111-2222-4333-8444-555555555555', subscription_status: 'past_due' })],
      at('2024-03-15T12:00:00Z'),
    );
    expect([active!.currentPeriodStart, active!.currentPeriodEnd]).toEqual([
      at('2024-02-29T10:00:00Z'),
      at('2024-03-31T10:00:00Z'),
    ]);
    expect([pastDue!.currentPeriodStart, pastDue!.currentPeriodEnd]).toEqual([
      active!.currentPeriodStart,
      active!.currentPeriodEnd,
    ]);
    expect([active!.trialEnd, active!.endedAt, pastDue!.status]).toEqual([null, null, 'past_due']);
    const [onBoundary] = seedSubscriptionsFor([garage({})], at('2024-03-31T10:00:00Z'));
    expect(onBoundary!.currentPeriodStart).toBe(at('2024-03-31T10:00:00Z'));
  });

  it('gives a trialing garage 14 days from created_at and a canceled one an end before now', () => {
    const [trialing, canceled] = seedSubscriptionsFor(
      [
        garage({ subscription_status: 'trialing', created_at: '2026-11-15T16:46:47.000Z' }),
        garage({
          id: '11111111-2222-4333-8444-555555555555',
          subscription_status: 'canceled',
          created_at: '2024-06-29T08:19:39.000Z',
        }),
      ],
      at('2026-11-22T00:00:00Z'),
    );
    expect(trialing).toMatchObject({
      status: 'trialing',
      trialStart: at('2026-11-15T16:46:47Z'),
      trialEnd: at('2026-11-15T16:46:47Z') + 14 * DAY,
      currentPeriodStart: at('2026-11-15T16:46:47Z'),
      currentPeriodEnd: at('2026-11-15T16:46:47Z') + 14 * DAY,
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      endedAt: at('2026-10-29T08:19:39Z'),
      canceledAt: at('2026-10-29T08:19:39Z'),
      currentPeriodStart: at('2026-09-29T08:19:39Z'),
      currentPeriodEnd: at('2026-10-29T08:19:39Z'),
    });
  });

  it('skips a garage with any other status and refuses ids that are not UUIDs or that would collide', () => {
    expect(seedSubscriptionsFor([garage({ subscription_status: 'inactive' })], at('2026-01-01T00:00:00Z'))).toEqual([]);
    expect(() => seedSubscriptionsFor([garage({ id: 'garage-1' })], 0)).toThrow(/not a UUID/);
    expect(() => seedSubscriptionsFor([garage({}), garage({ id: '7d1f0f8e-2a4b-0000-0000-000000000000' })], 0)).toThrow(
      /share the ids/,
    );
  });
});

describe('startStripeDouble with a seed file', () => {
  let dir: string;
  const running: StripeDouble[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stripe-double-seed-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((double) => double.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(options: { stateFile?: string; seedFile?: string } = {}) {
    const double = await startStripeDouble({ port: 0, seedFile: SEED_FILE, ...options });
    running.push(double);
    const stripe = new Stripe('sk_test_seed_suite', {
      host: double.host,
      port: double.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    return { double, stripe };
  }

  it("serves every seeded garage's customer and subscription through the SDK, and sends no webhooks for them", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { double, stripe } = await start();
    const seeds = seedSubscriptionsFor(GARAGES, before);
    expect(double.state.events()).toEqual([]);
    for (const g of GARAGES) {
      const seed = seeds.find((s) => s.garageId === g.id)!;
      const subscription = await stripe.subscriptions.retrieve(seed.subscriptionId, {
        expand: ['default_payment_method', 'customer'],
      });
      expect(subscription).toMatchObject({
        status: g.subscription_status,
        metadata: { garage_id: g.id },
        cancel_at_period_end: false,
      });
      expect(subscription.items.data[0]!.price).toMatchObject({
        id: LOCAL_PRICE_ID,
        unit_amount: 3499,
        currency: 'gbp',
      });
      expect(subscription.items.data[0]).toMatchObject({
        current_period_start: seed.currentPeriodStart,
        current_period_end: seed.currentPeriodEnd,
      });
      expect(subscription.trial_end).toBe(seed.trialEnd);
      const card = (subscription.default_payment_method as Stripe.PaymentMethod).card!;
      expect([card.brand, card.last4]).toEqual(['visa', '4242']);
      expect(card.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
      expect(subscription.customer as Stripe.Customer).toMatchObject({
        id: seed.customerId,
        email: g.email,
        metadata: { garage_id: g.id },
      });
    }
    const activeSeeds = seeds.filter((s) => s.status === 'active');
    expect(activeSeeds.length).toBeGreaterThan(0);
    for (const seed of activeSeeds) {
      expect(seed.currentPeriodStart).toBeLessThanOrEqual(before);
      expect(seed.currentPeriodEnd).toBeGreaterThan(before);
    }
    const found = await stripe.customers.search({ query: `metadata['garage_id']:'${GARAGES[0]!.id}'` });
    expect(found.data.map((c) => c.id)).toEqual([seeds[0]!.customerId]);
  });

  it('creates nothing twice when started again with the same state file, and keeps what changed in between', async () => {
    const stateFile = path.join(dir, 'state.json');
    const first = await start({ stateFile });
    const demo = seedSubscriptionsFor(GARAGES, Math.floor(Date.now() / 1000))[0]!;
    await first.stripe.subscriptions.update(demo.subscriptionId, { cancel_at_period_end: true });
    running.splice(running.indexOf(first.double), 1);
    await first.double.close();

    const second = await start({ stateFile });
    const all = await second.stripe.subscriptions.list({ status: 'all', limit: 100 });
    expect(all.data).toHaveLength(GARAGES.length);
    expect((await second.stripe.customers.list({ limit: 100 })).data).toHaveLength(GARAGES.length);
    expect((await second.stripe.subscriptions.retrieve(demo.subscriptionId)).cancel_at_period_end).toBe(true);
  });

  it('lets the control API move a seeded subscription on', async () => {
    const { double, stripe } = await start();
    const trialing = seedSubscriptionsFor(GARAGES, Math.floor(Date.now() / 1000)).find((s) => s.status === 'trialing')!;
    const response = await fetch(`${double.url}/_control/subscriptions/${trialing.subscriptionId}/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'active' }),
    });
    expect(response.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(trialing.subscriptionId)).status).toBe('active');
    expect(double.state.events().map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('refuses to start from a seed file that is not a list of garages', async () => {
    const seedFile = path.join(dir, 'garages.json');
    writeFileSync(seedFile, JSON.stringify([{ id: 'x' }]));
    await expect(startStripeDouble({ port: 0, seedFile })).rejects.toThrow(/is not an array of garages/);
  });
});
