/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { confirmEmailFromMail, logInThroughApi, registerGarage } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';

const openPage = useBrowser();

const navLinks = (page: Page) => page.getByRole('banner').getByRole('link').allTextContents();

describe('a new garage subscribes', () => {
  it('goes from pricing to checkout, pays on the Stripe page and starts its 14-day free trial', async () => {
    const email = `billing.${Date.now()}@example.co.uk`;
    const password = 'Workshop2026';
    const { context, page, errors } = await openPage();
    await registerGarage(3, email, password);
    // Checkout waits for a confirmed e-mail, so a company cannot be held by an address nobody owns.
    await confirmEmailFromMail(email, (await logInThroughApi(email, password)).id);

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
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await screenshot(page, 'checkout');
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
});
