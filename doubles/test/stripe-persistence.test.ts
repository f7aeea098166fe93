import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_ID, startStripeDouble, type StripeDouble } from '../src/stripe/index.js';

const GARAGE_ID = '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f';

let dir: string;
let stateFile: string;
const running: StripeDouble[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stripe-double-state-'));
  stateFile = path.join(dir, 'state.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((double) => double.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: { stateFile?: string } = {}): Promise<{ double: StripeDouble; stripe: Stripe }> {
  const double = await startStripeDouble({ port: 0, ...options });
  running.push(double);
  const stripe = new Stripe('sk_test_persistence_suite', {
    host: double.host,
    port: double.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { double, stripe };
}

async function stop(double: StripeDouble): Promise<void> {
  running.splice(running.indexOf(double), 1);
  await double.close();
}

async function subscribe(double: StripeDouble, stripe: Stripe) {
  const customer = await stripe.customers.create({
    email: 'owner@hartley-motors.test',
    metadata: { garage_id: GARAGE_ID },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: GARAGE_ID,
    line_items: [{ price: LOCAL_PRICE_ID, quantity: 1 }],
    subscription_data: { trial_period_days: 14, metadata: { garage_id: GARAGE_ID } },
    success_url: 'http://localhost:8080/checkout-success?session_id={CHECKOUT_SESSION_ID}',
  });
  const paid = await fetch(`${double.url}/checkout/${session.id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12 / 34',
      cardCvc: '123',
      cardholderName: 'Sam Hartley',
    }),
  });
  expect(paid.status).toBe(303);
  const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  return { customer, session, subscriptionId };
}

describe('startStripeDouble with a state file', () => {
  it('serves the customers, checkout sessions, subscriptions and portal sessions of a previous run after a restart', async () => {
    const first = await start({ stateFile });
    const { customer, session, subscriptionId } = await subscribe(first.double, first.stripe);
    const portal = await first.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:8080/account',
    });
    const eventIds = first.double.state.events().map((e) => e.id);
    await stop(first.double);
    expect(existsSync(stateFile)).toBe(true);
    expect(readdirSync(dir)).toEqual(['state.json']);

    const second = await start({ stateFile });
    expect((await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: 'owner@hartley-motors.test',
      metadata: { garage_id: GARAGE_ID },
    });
    expect(await second.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      subscription: subscriptionId,
    });
    const subscription = await second.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['default_payment_method'],
    });
    expect(subscription).toMatchObject({
      status: 'trialing',
      customer: customer.id,
      metadata: { garage_id: GARAGE_ID },
    });
    expect((subscription.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    expect(second.double.state.events().map((e) => e.id)).toEqual(eventIds);

    const page = await fetch(`${second.double.url}/portal/${portal.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('owner@hartley-motors.test');
    const newPortal = await second.stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(newPortal.url).toBe(`${second.double.url}/portal/${newPortal.id}`);

    const advanced = await fetch(`${second.double.url}/_control/subscriptions/${subscriptionId}/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'active' }),
    });
    expect(advanced.status).toBe(200);
    await stop(second.double);

    const third = await start({ stateFile });
    expect((await third.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    const invoices = await third.stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data.map((i) => i.number)).toEqual(['LOCAL-0002', 'LOCAL-0001']);
  });

  it('writes the state file shortly after a change, before it is closed', async () => {
    const { stripe } = await start({ stateFile });
    const customer = await stripe.customers.create({ email: 'soon@garage.test' });
    const deadline = Date.now() + 3000;
    while (!(existsSync(stateFile) && readFileSync(stateFile, 'utf8').includes(customer.id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { version: number; objects: Array<{ id: string }> };
    expect(saved.version).toBe(1);
    expect(saved.objects.map((o) => o.id)).toContain(customer.id);
    // No temporary file is left behind; the lock file says the double holds the state file while it runs.
    expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.lock']);
  });

  it('keeps everything in memory only without a state file', async () => {
    const first = await start();
    const customer = await first.stripe.customers.create({ email: 'gone@garage.test' });
    await stop(first.double);
    const second = await start();
    await expect(second.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses to start from a file that is not its state, and leaves the file alone', async () => {
    writeFileSync(stateFile, '{"not": "a state"');
    await expect(startStripeDouble({ port: 0, stateFile })).rejects.toThrow(
      /not valid JSON.*delete it to start afresh/,
    );
    writeFileSync(stateFile, '{"version": 7, "objects": []}');
    await expect(startStripeDouble({ port: 0, stateFile })).rejects.toThrow(/is not a state file of the Stripe double/);
    expect(readFileSync(stateFile, 'utf8')).toBe('{"version": 7, "objects": []}');
  });
});

describe('one double per state file', () => {
  it('refuses a second double on the same state file while the first runs, so neither writes over the other', async () => {
    const first = await start({ stateFile });
    const customer = await first.stripe.customers.create({ email: 'first@garage.test' });
    await expect(startStripeDouble({ port: 0, stateFile })).rejects.toThrow(/is in use by another double/);
    await stop(first.double);
    // Closed, it let go: the next double starts and finds what the first wrote.
    const second = await start({ stateFile });
    expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });

  it('takes over the lock of a double whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${stateFile}.lock`, JSON.stringify({ host: hostname(), pid: Number(gone.stdout) }));
    const { stripe } = await start({ stateFile });
    expect((await stripe.customers.create({ email: 'after@garage.test' })).id).toMatch(/^cus_/);
  });
});
