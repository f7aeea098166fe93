/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { confirmationLinkFor, logInThroughApi, registerGarage, waitUntilConfirmationHeard } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';

const openPage = useBrowser();

const navLinks = (page: Page) => page.getByRole('banner').getByRole('link').allTextContents();

/** The garage of the first journey, subscribed; the second journey's payment fails. */
const garage = { email: `billing.${Date.now()}@example.co.uk`, password: 'Workshop2026' };

async function call(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function subscriptionOf(token: string): Promise<{ subscription_id: string; subscription_status: string }> {
  const response = await call('GET', '/billing/subscription', token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { subscription_id: string; subscription_status: string } }).data;
}

describe('a new garage subscribes', () => {
  it('reaches checkout unconfirmed, confirms from the inbox, and the page moves on to payment and a 14-day free trial', async () => {
    const { email, password } = garage;
    const { context, page, errors } = await openPage();
    await registerGarage(3, email, password);

    await logInThroughPage(page, email, password);
    await page.waitForURL('**/garage');
    await expect.poll(async () => (await navLinks(page)).map((t) => t.trim())).toContain('Pricing');

    await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).first().click();
    await page.waitForURL('**/pricing');
    // The router keeps the dashboard on screen while the pricing page's code loads, and the dashboard has a
    // "Subscribe to Get Started" link: wait for the pricing page, and click its button by its exact name.
    await page.getByRole('heading', { name: 'One plan, everything included' }).waitFor();
    await page.getByRole('button', { name: 'Get Started', exact: true }).click();
    await page.waitForURL('**/checkout?price_id=*');
    await expect.poll(() => page.getByText('£34.99').count()).toBeGreaterThan(0);

    // Checkout waits for a confirmed e-mail (a company cannot be held by an address nobody owns): the page says so
    // before the click, with a way to have the link sent again.
    await page.getByRole('heading', { name: 'Please confirm your email address' }).waitFor();
    await expect.poll(() => page.getByText(`We sent a confirmation link to ${email}`).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Subscribe Now' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await page.getByText(MESSAGES.identity.confirmationSent).waitFor();
    await screenshot(page, 'checkout-unconfirmed');

    // The new link retires the first: the owner opens the newest mail's link (the inbox lists newest first) in
    // another tab, and the checkout page moves on by itself.
    await expect.poll(() => confirmationMailsTo(email), { timeout: 30_000 }).toBe(2);
    const inbox = await context.newPage();
    await inbox.goto(await confirmationLinkFor(email));
    await inbox.getByText(MESSAGES.confirmEmail.success).waitFor();
    await inbox.close();
    await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Please confirm your email address' }).count()).toBe(0);
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await screenshot(page, 'checkout');
    // Billing hears of the confirmation through an event, a moment after identity (docs/product.md#the-road-from-signup-to-paying).
    await waitUntilConfirmationHeard(email, (await logInThroughApi(email, password)).id);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    await page.waitForURL(
      (url) => url.origin === new URL(inject('stripeUrl')).origin && url.pathname.startsWith('/checkout/'),
    );
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Carys Morgan');
    await screenshot(page, 'stripe-checkout');
    await page.getByRole('button', { name: 'Start trial' }).click();

    await page.waitForURL('**/checkout-success?session_id=*', { timeout: 20_000 });
    await expect.poll(() => page.getByText('Free trial started').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const fourteenDaysAhead = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000));
    await expect.poll(() => page.getByText(fourteenDaysAhead).count()).toBeGreaterThan(0);
    await screenshot(page, 'checkout-success');
    await expect.poll(async () => (await navLinks(page)).map((t) => t.trim())).not.toContain('Pricing');

    // The page's access token is in its memory only: the journey signs in through the API for one of its own.
    const { token } = await logInThroughApi(email, password);
    const subscription = (await (
      await fetch(`${inject('gatewayUrl')}/api/v1/billing/subscription`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { subscription_status: string; payment_method_last4: string } };
    expect(subscription.data).toMatchObject({ subscription_status: 'trialing', payment_method_last4: '4242' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the garage to the billing portal from its dashboard once a payment fails, and the server refuses a new checkout', async () => {
    const { email, password } = garage;
    const { token } = await logInThroughApi(email, password);
    const { subscription_id: subscriptionId } = await subscriptionOf(token);
    // The Stripe double's control API: the renewal charge fails (invoice.payment_failed, then past_due).
    const advanced = await fetch(`${inject('stripeUrl')}/_control/subscriptions/${subscriptionId}/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'past_due' }),
    });
    expect(advanced.status).toBe(200);
    await expect
      .poll(async () => (await subscriptionOf(token)).subscription_status, { timeout: 20_000 })
      .toBe('past_due');

    const refused = await call('POST', '/stripe/create-checkout-session', token, {
      price_id: await firstPriceId(),
      mode: 'subscription',
      success_url: `${inject('gatewayUrl')}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${inject('gatewayUrl')}/checkout?canceled=true`,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(PAST_DUE_MESSAGES.paymentPastDue);

    const { context, page, errors } = await openPage();
    await logInThroughPage(page, email, password);
    await page.waitForURL('**/garage');
    await page.getByText(PAST_DUE_MESSAGES.pastDueNotice).waitFor();
    expect(await page.getByRole('link', { name: 'Subscribe to Add Records' }).count()).toBe(0);
    await screenshot(page, 'dashboard-past-due');
    await page.getByRole('button', { name: 'Update payment details' }).first().click();
    await page.waitForURL(
      (url) => url.origin === new URL(inject('stripeUrl')).origin && url.pathname.startsWith('/portal/'),
    );
    await page.getByText('Past due').first().waitFor();
    await screenshot(page, 'billing-portal-past-due');
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function confirmationMailsTo(email: string): Promise<number> {
  const response = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as Array<{ subject: string }>).filter((mail) => /confirm/i.test(mail.subject)).length;
}

async function firstPriceId(): Promise<string> {
  const response = await fetch(`${inject('gatewayUrl')}/api/v1/billing/plans`);
  return ((await response.json()) as { data: { products: Array<{ priceId: string }> } }).data.products[0]!.priceId;
}
