import {
  MESSAGES,
  PLAN,
  PLAN_FEATURES,
  ZCheckoutSessionResponseSchema,
  ZErrorEnvelopeSchema,
  ZPlansResponseSchema,
  PAST_DUE_MESSAGES,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advance,
  call,
  checkoutRequest,
  LOCAL_PRICE_ID,
  LOCAL_PRODUCT_ID,
  newGarage,
  startBillingHarness,
  subscribeGarage,
  type BillingHarness,
} from './harness.js';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await startBillingHarness();
});
afterAll(async () => {
  await harness?.close();
});

const CHECKOUT = '/api/v1/stripe/create-checkout-session';

async function countCustomersAtStripe(): Promise<number> {
  return harness.double.state.all('customer').length;
}

describe('GET /api/v1/billing/plans', () => {
  it('answers the one-item catalogue with the configured product and price ids, without a token', async () => {
    const { status, body } = await call(harness, 'GET', '/api/v1/billing/plans');
    expect(status).toBe(200);
    const { products } = ZPlansResponseSchema.parse(body).data;
    expect(products).toEqual([
      {
        name: 'Professional Plan',
        description: 'full access to all features',
        price: 3499,
        currency: 'gbp',
        interval: 'month',
        mode: 'subscription',
        priceId: LOCAL_PRICE_ID,
        productId: LOCAL_PRODUCT_ID,
        trialDays: PLAN.trialDays,
        features: [...PLAN_FEATURES],
      },
    ]);
  });
});

describe('POST /api/v1/stripe/create-checkout-session', () => {
  it('answers 403 email_not_confirmed with a clear message to a garage whose e-mail is not confirmed, and creates nothing at Stripe', async () => {
    const garage = await newGarage(harness, { emailConfirmed: false });
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage),
    });
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body)).toEqual({
      status: 403,
      code: 'email_not_confirmed',
      message: MESSAGES.platform.emailNotConfirmed,
    });
    expect(
      harness.double.state.all('customer').filter((customer) => customer.metadata.garage_id === garage.id),
    ).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', CHECKOUT, { body: checkoutRequest(garage) });
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: MESSAGES.platform.unauthorized,
    });
  });

  it.each(['admin', 'none'] as const)('answers 403 for a %s token and creates nothing at Stripe', async (role) => {
    const garage = await newGarage(harness);
    const before = await countCustomersAtStripe();
    const token = harness.tokenFor({ sub: garage.id, email: garage.email, role });
    const { status, body } = await call(harness, 'POST', CHECKOUT, { token, body: checkoutRequest(garage) });
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({ code: 'forbidden', message: MESSAGES.platform.forbidden });
    expect(await countCustomersAtStripe()).toBe(before);
  });

  it('answers 400 for an unknown price_id with a clear message and creates nothing', async () => {
    const garage = await newGarage(harness);
    const before = await countCustomersAtStripe();
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { price_id: 'price_someone_elses' }),
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.billing.unknownPrice,
      errors: [{ path: 'price_id', message: MESSAGES.billing.unknownPrice }],
    });
    expect(await countCustomersAtStripe()).toBe(before);
  });

  it('answers 400 without a price_id', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { price_id: undefined }),
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.billing.priceRequired);
  });

  it('answers 400 for a mode other than subscription', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { mode: 'payment' }),
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.billing.subscriptionModeOnly);
  });

  it.each([
    ['success_url', 'https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}'],
    ['cancel_url', 'http://localhost:8081/checkout'],
    ['success_url', 'http://localhost:8080.evil.example/checkout-success'],
  ])('answers 400 for a %s off the site (%s): no open redirect', async (field, url) => {
    const garage = await newGarage(harness);
    const before = await countCustomersAtStripe();
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { [field]: url }),
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      message: MESSAGES.billing.returnUrlForeign,
      errors: [{ path: field, message: MESSAGES.billing.returnUrlForeign }],
    });
    expect(await countCustomersAtStripe()).toBe(before);
  });

  it('answers 400 for a return address that is not a web address', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { success_url: 'javascript:alert(1)' }),
    });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.billing.returnUrlInvalid);
  });

  it('answers the URL of a checkout page the double serves, for the garage, with the 14-day trial', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage),
    });
    expect(status).toBe(200);
    const { url } = ZCheckoutSessionResponseSchema.parse(body).data;
    expect(url.startsWith(`${harness.double.url}/checkout/cs_`)).toBe(true);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Professional Plan');
    expect(html).toContain('£34.99/month');
    expect(html).toContain('14-day free trial');
    expect(html).toContain(garage.email);

    const session = harness.double.state.checkoutSession(url.split('/').at(-1)!);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: garage.id,
      success_url: checkoutRequest(garage).success_url,
    });
    expect(harness.double.state.termsOf(session.id)).toMatchObject({
      trialPeriodDays: 14,
      subscriptionMetadata: { garage_id: garage.id },
    });
    const customer = harness.double.state.customer(session.customer!);
    expect(customer).toMatchObject({ email: garage.email, metadata: { garage_id: garage.id } });
  });

  it("reuses the garage's Stripe customer on a second call", async () => {
    const garage = await newGarage(harness);
    const first = await call(harness, 'POST', CHECKOUT, { token: garage.token, body: checkoutRequest(garage) });
    const second = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage, { cancel_url: 'http://localhost:8080/checkout?canceled=true' }),
    });
    const customerOf = (response: typeof first) =>
      harness.double.state.checkoutSession((response.body.data as { url: string }).url.split('/').at(-1)!).customer;
    expect(customerOf(first)).toBeTruthy();
    expect(customerOf(second)).toBe(customerOf(first));
    expect(harness.double.state.all('customer').filter((c) => c.email === garage.email)).toHaveLength(1);
    const { rows } = await harness.db.pool.query(
      'SELECT stripe_customer_id FROM billing_customers WHERE garage_id = $1',
      [garage.id],
    );
    expect(rows).toEqual([{ stripe_customer_id: customerOf(first) }]);
  });

  it('makes one session for a double click', async () => {
    const garage = await newGarage(harness);
    const [first, second] = await Promise.all([
      call(harness, 'POST', CHECKOUT, { token: garage.token, body: checkoutRequest(garage) }),
      call(harness, 'POST', CHECKOUT, { token: garage.token, body: checkoutRequest(garage) }),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(
      harness.double.state.all('checkout.session').filter((s) => s.client_reference_id === garage.id),
    ).toHaveLength(1);
  });

  it('answers 409 for a garage that already has a running subscription', async () => {
    const garage = await newGarage(harness);
    await subscribeGarage(harness, garage);
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage),
    });
    expect(status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.billing.alreadySubscribed);
  });

  it('answers 409 naming the billing portal to a garage whose payment failed, and opens no new session', async () => {
    const garage = await newGarage(harness);
    const subscriptionId = await subscribeGarage(harness, garage);
    await advance(harness, subscriptionId, 'past_due');
    await harness.double.settled();
    const sessionsBefore = harness.double.state.all('checkout.session').length;
    const { status, body } = await call(harness, 'POST', CHECKOUT, {
      token: garage.token,
      body: checkoutRequest(garage),
    });
    expect(status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(PAST_DUE_MESSAGES.paymentPastDue);
    expect(PAST_DUE_MESSAGES.paymentPastDue).toContain('billing portal');
    expect(harness.double.state.all('checkout.session')).toHaveLength(sessionsBefore);
  });
});
