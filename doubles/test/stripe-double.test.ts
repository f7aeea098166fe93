import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_ID, LOCAL_PRODUCT_ID, startStripeDouble, type StripeDouble } from '../src/stripe/index.js';

const SECRET = 'whsec_test_double_secret';
const DAY = 86_400;

/** A webhook endpoint of our own that records what the double sends. */
interface Received {
  signature: string;
  body: string;
}

let double: StripeDouble;
let stripe: Stripe;
let receiver: Server;
let received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        signature: String(req.headers['stripe-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const receiverPort = (receiver.address() as AddressInfo).port;
  double = await startStripeDouble({
    port: 0,
    webhookUrl: `http://127.0.0.1:${receiverPort}/hook`,
    webhookSecret: SECRET,
  });
  stripe = new Stripe('sk_test_double_suite', {
    host: double.host,
    port: double.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await double?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});
beforeEach(async () => {
  await double.settled();
  received = [];
});

/** Every event received so far, verified with the SDK exactly as billing verifies them. */
function verifiedEvents(): Stripe.Event[] {
  return received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET));
}

async function openCheckout(email = 'owner@hartley-motors.test', trialDays: number | undefined = 14) {
  const customer = await stripe.customers.create({
    email,
    metadata: { garage_id: '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f',
    line_items: [{ price: LOCAL_PRICE_ID, quantity: 1 }],
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { garage_id: '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f' },
    },
    success_url: 'http://localhost:8080/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:8080/checkout?price_id=x&canceled=true',
  });
  return { customer, session };
}

async function pay(sessionId: string, card = '4242 4242 4242 4242') {
  return fetch(`${double.url}/checkout/${sessionId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: card,
      cardExpiry: '12 / 34',
      cardCvc: '123',
      cardholderName: 'Sam Hartley',
    }),
  });
}

async function paidSubscription(): Promise<Stripe.Subscription> {
  const { session } = await openCheckout();
  await pay(session.id);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  await double.settled();
  received = [];
  return stripe.subscriptions.retrieve(paid.subscription as string);
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${double.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe('Stripe API authentication', () => {
  it('answers 401 in Stripe error form without a test secret key, and accepts one as Bearer or Basic', async () => {
    const response = await fetch(`${double.url}/v1/customers`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/did not provide an API key/);

    const basic = await fetch(`${double.url}/v1/prices/${LOCAL_PRICE_ID}`, {
      headers: { authorization: `Basic ${Buffer.from('sk_test_curl:').toString('base64')}` },
    });
    expect(basic.status).toBe(200);

    const live = new Stripe('sk_live_nope', {
      host: double.host,
      port: double.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(live.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('customers', () => {
  it('creates, retrieves, lists and searches customers by e-mail through the SDK', async () => {
    const created = await stripe.customers.create({ email: 'find.me@garage.test', metadata: { garage_id: 'abc' } });
    expect(created.id).toMatch(/^cus_/);
    expect(created.object).toBe('customer');
    expect((await stripe.customers.retrieve(created.id)).id).toBe(created.id);
    const listed = await stripe.customers.list({ email: 'find.me@garage.test' });
    expect(listed.object).toBe('list');
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
    const found = await stripe.customers.search({
      query: "email:'find.me@garage.test' AND metadata['garage_id']:'abc'",
    });
    expect(found.data.map((c) => c.id)).toEqual([created.id]);
  });

  it('answers the same object for a repeated Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'once@garage.test' }, { idempotencyKey: 'customer-once' });
    const again = await stripe.customers.create({ email: 'once@garage.test' }, { idempotencyKey: 'customer-once' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'other@garage.test' }, { idempotencyKey: 'customer-once' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    expect((await stripe.customers.list({ email: 'once@garage.test' })).data).toHaveLength(1);
  });

  it('answers resource_missing for an unknown customer', async () => {
    await expect(stripe.customers.retrieve('cus_doesnotexist')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });
});

describe('prices and products', () => {
  it('serves the seeded plan', async () => {
    const price = await stripe.prices.retrieve(LOCAL_PRICE_ID);
    expect(price).toMatchObject({
      unit_amount: 3499,
      currency: 'gbp',
      product: LOCAL_PRODUCT_ID,
      recurring: { interval: 'month' },
    });
    expect((await stripe.products.retrieve(LOCAL_PRODUCT_ID)).name).toBe('Professional Plan');
  });
});

describe('checkout sessions', () => {
  it('refuses an unknown price with "No such price"', async () => {
    const error = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://localhost:8080/ok',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ message: "No such price: 'price_nope'", param: 'line_items[0][price]' });
  });

  it('creates an open session whose hosted page shows the plan, the price, the trial and the e-mail', async () => {
    const { session } = await openCheckout('page@garage.test');
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', mode: 'subscription' });
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toBe(`${double.url}/checkout/${session.id}`);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      'Professional Plan',
      '£34.99/month',
      '14-day free trial',
      'page@garage.test',
      'Start trial',
      'Cancel and return',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('declines 4000 0000 0000 0002 with a message and creates nothing', async () => {
    const { session } = await openCheckout();
    const response = await pay(session.id, '4000 0000 0000 0002');
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await double.settled();
    expect(verifiedEvents().filter((e) => e.type.startsWith('customer.subscription'))).toEqual([]);
  });

  it('rejects an incomplete card number with a message', async () => {
    const { session } = await openCheckout();
    const response = await pay(session.id, '4242 4242');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Your card number is incomplete.');
  });

  it('pays with 4242 4242 4242 4242: a trialing subscription, signed webhooks, and a redirect to success_url', async () => {
    const { session } = await openCheckout();
    const before = Math.floor(Date.now() / 1000);
    const response = await pay(session.id);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:8080/checkout-success?session_id=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({
      status: 'complete',
      client_reference_id: '7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f',
    });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, {
      expand: ['default_payment_method', 'customer'],
    });
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - before).toBeGreaterThanOrEqual(14 * DAY);
    expect(subscription.trial_end! - before).toBeLessThan(14 * DAY + 60);
    expect(subscription.items.data[0]!.current_period_end).toBe(subscription.trial_end);
    expect(subscription.metadata.garage_id).toBe('7d1f0f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f');
    const card = (subscription.default_payment_method as Stripe.PaymentMethod).card!;
    expect([card.brand, card.last4]).toEqual(['visa', '4242']);
    expect((subscription.customer as Stripe.Customer).email).toBe('owner@hartley-motors.test');

    await double.settled();
    const types = verifiedEvents().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    const invoicePaid = verifiedEvents().find((e): e is Stripe.InvoicePaidEvent => e.type === 'invoice.paid')!;
    expect(invoicePaid.data.object.amount_paid).toBe(0);
    expect(invoicePaid.data.object.parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('signs webhooks so that a wrong secret fails verification', async () => {
    await paidSubscription();
    const { session } = await openCheckout();
    await pay(session.id);
    await double.settled();
    const first = received[0]!;
    expect(first.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(first.body, first.signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('shows a completed session as complete instead of taking a second payment', async () => {
    const { session } = await openCheckout();
    await pay(session.id);
    const second = await pay(session.id);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('This checkout is complete');
  });
});

describe('subscriptions', () => {
  it('sets cancel_at_period_end and cancels through the SDK, with their events', async () => {
    const subscription = await paidSubscription();
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated.cancel_at_period_end).toBe(true);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    await double.settled();
    expect(verifiedEvents().map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });
});

describe('POST /_control/subscriptions/{id}/advance', () => {
  it('moves a subscription through active, past_due and canceled with the matching webhooks', async () => {
    const subscription = await paidSubscription();
    const steps: Array<[string, string, string[]]> = [
      ['trial_will_end', 'trialing', ['customer.subscription.trial_will_end']],
      ['active', 'active', ['invoice.paid', 'customer.subscription.updated']],
      ['past_due', 'past_due', ['invoice.payment_failed', 'customer.subscription.updated']],
      ['canceled', 'canceled', ['customer.subscription.deleted']],
    ];
    for (const [to, status, types] of steps) {
      const { status: httpStatus, body } = await control(`/_control/subscriptions/${subscription.id}/advance`, { to });
      expect(httpStatus).toBe(200);
      expect((body.data.events as Array<{ type: string }>).map((e) => e.type)).toEqual(types);
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe(status);
    }
    await double.settled();
    expect(verifiedEvents().map((e) => e.type)).toEqual(steps.flatMap(([, , types]) => types));
  });

  it('answers 400 for an unknown target', async () => {
    const subscription = await paidSubscription();
    const { status } = await control(`/_control/subscriptions/${subscription.id}/advance`, { to: 'paused' });
    expect(status).toBe(400);
  });
});

describe('webhook control', () => {
  it('holds webhooks and releases them newest first', async () => {
    const subscription = await paidSubscription();
    await control('/_control/webhooks/hold', {});
    await control(`/_control/subscriptions/${subscription.id}/advance`, { to: 'active' });
    await control(`/_control/subscriptions/${subscription.id}/advance`, { to: 'past_due' });
    await double.settled();
    expect(received).toEqual([]);
    const { body } = await control('/_control/webhooks/release', { order: 'newest-first' });
    const delivered = body.data.delivered as Array<{ type: string; status: number }>;
    expect(delivered.map((d) => d.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    expect(delivered.every((d) => d.status === 200)).toBe(true);
    expect(verifiedEvents().map((e) => e.type)).toEqual(delivered.map((d) => d.type));
  });

  it('lists sent events and re-delivers one on request', async () => {
    await paidSubscription();
    const { body } = await control('/_control/events');
    const events = body.data as unknown as Array<{ id: string; type: string; deliveries: Array<{ status: number }> }>;
    const completed = events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    expect(completed.deliveries.map((d) => d.status)).toEqual([200]);
    const resent = await control(`/_control/events/${completed.id}/resend`, {});
    expect(resent.body.data).toMatchObject({ id: completed.id, status: 200 });
    expect(verifiedEvents().map((e) => e.id)).toEqual([completed.id]);
  });
});

describe('billing portal', () => {
  it('creates a portal session whose page cancels at period end and returns to the site', async () => {
    const subscription = await paidSubscription();
    const portal = await stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: 'http://localhost:8080/account',
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Cancel subscription');
    expect(page).toContain('Update card');
    expect(page).toContain('href="http://localhost:8080/account"');

    const cancel = await fetch(`${portal.url}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    const cancelled = await cancel.text();
    expect(cancelled).toContain('Renew subscription');
    expect(cancelled).toContain('Your subscription will be cancelled at the end of the billing period.');
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    await double.settled();
    const [event] = verifiedEvents();
    expect(event?.type).toBe('customer.subscription.updated');
  });

  it('updates the card from the portal', async () => {
    const subscription = await paidSubscription();
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
    const response = await fetch(`${portal.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '5555 5555 5555 4444',
        cardExpiry: '01/33',
        cardCvc: '321',
        cardholderName: 'Sam Hartley',
      }),
    });
    expect(response.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect((after.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
  });

  it('refuses a portal session for an unknown customer', async () => {
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_unknown' })).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});
