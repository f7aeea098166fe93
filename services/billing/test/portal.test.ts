import {
  MESSAGES,
  ZBillingPortalResponseSchema,
  ZErrorEnvelopeSchema,
  ZSubscriptionResponseSchema,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, changesFor, newGarage, startBillingHarness, subscribeGarage, type BillingHarness } from './harness.js';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await startBillingHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PORTAL = '/api/v1/billing/portal';

describe('POST /api/v1/billing/portal', () => {
  it('answers 401 without a token', async () => {
    const { status, body } = await call(harness, 'POST', PORTAL);
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.platform.unauthorized);
  });

  it('answers 403 for an admin token', async () => {
    const token = harness.tokenFor({ sub: crypto.randomUUID(), email: 'admin@platform.test', role: 'admin' });
    const { status, body } = await call(harness, 'POST', PORTAL, { token });
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.platform.forbidden);
  });

  it('answers 404 with a clear message for a garage that has never started checkout', async () => {
    const garage = await newGarage(harness);
    const { status, body } = await call(harness, 'POST', PORTAL, { token: garage.token });
    expect(status).toBe(404);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'not_found',
      message: MESSAGES.billing.noBillingAccount,
    });
  });

  it('answers a portal URL where cancelling really cancels at the end of the period', async () => {
    const garage = await newGarage(harness);
    await subscribeGarage(harness, garage);
    const { status, body } = await call(harness, 'POST', PORTAL, { token: garage.token });
    expect(status).toBe(200);
    const { url } = ZBillingPortalResponseSchema.parse(body).data;
    expect(url.startsWith(`${harness.double.url}/portal/bps_`)).toBe(true);

    const page = await (await fetch(url)).text();
    expect(page).toContain('href="http://localhost:8080/account"');
    expect(page).toContain('Cancel subscription');
    const cancelled = await fetch(`${url}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    await harness.double.settled();

    const subscription = await call(harness, 'GET', '/api/v1/billing/subscription', { token: garage.token });
    expect(ZSubscriptionResponseSchema.parse(subscription.body).data).toMatchObject({
      subscription_status: 'trialing',
      cancel_at_period_end: true,
    });
    expect((await changesFor(harness, garage.id)).at(-1)).toMatchObject({
      reason: 'updated',
      status: 'trialing',
      cancelAtPeriodEnd: true,
    });
  });
});
