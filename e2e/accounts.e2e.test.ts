/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { restoreDemoGaragePassword } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages, tradingName, unregisteredCompanies } from './support/data.js';
import { linkIn, waitForMail } from './support/mail.js';

const openPage = useBrowser();

/** Everything the session keeps in the browser's storage. */
async function storedSession(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (const store of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i)!;
        if (/auth|token|session|user/i.test(key)) entries[key] = store.getItem(key) ?? '';
      }
    }
    return entries;
  });
}

describe('a garage signs up, confirms its e-mail, logs in and out', () => {
  it('goes from the signup form to a confirmed account and back to signed out', async () => {
    const company = unregisteredCompanies[1]!;
    const referrer = seedGarages[0]!;
    const email = `owner.${Date.now()}@${company.company_number}.example.co.uk`;
    const password = 'Workshop2026';
    const { context, page, errors } = await openPage();

    await page.goto('/signup');
    await page.getByLabel('Garage name').fill(tradingName(company));
    await page.getByLabel('Companies House number').fill(company.company_number);
    await page.getByRole('button', { name: 'Validate company' }).click();
    await expect.poll(() => page.getByText(company.company_name, { exact: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('Address').fill('14 Mill Lane, Bridgend, CF31 1AA');
    await page.getByLabel('Phone number').fill('01632 960 555');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('01632960555');
    await page.getByLabel('Full name').fill('Rhian Davies');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Referral code (optional)').fill(referrer.referral_code);
    await page.getByRole('button', { name: 'Validate referral' }).click();
    await expect.poll(() => page.getByText(referrer.name, { exact: false }).count()).toBeGreaterThan(0);
    await screenshot(page, 'signup-filled');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Account created successfully! Redirecting to checkout...').count()).toBe(1);
    await page.waitForURL('**/checkout?price_id=*', { timeout: 15_000 });

    const mail = await waitForMail(inject('inboxUrl'), email, /confirm/i);
    const confirmLink = linkIn(mail, '/confirm-email');
    expect(mail.html).toContain('confirm-email?token=');

    // The person opens the link in a fresh browser, as from their mail client.
    const other = await openPage();
    await other.page.goto(confirmLink.replace(new URL(confirmLink).origin, inject('gatewayUrl')));
    await expect.poll(() => other.page.getByText('Your email has been confirmed! Redirecting...').count()).toBe(1);
    await other.page.waitForURL('**/login', { timeout: 10_000 });

    await logInThroughPage(other.page, email, password);
    await other.page.waitForURL('**/garage');
    await expect.poll(() => other.page.getByRole('heading', { name: tradingName(company) }).count()).toBeGreaterThan(0);
    const signedIn = await storedSession(other.page);
    expect(Object.keys(signedIn).length).toBeGreaterThan(0);
    await screenshot(other.page, 'garage-dashboard');

    await other.page.locator('.user-menu__toggle').hover();
    await expect.poll(() => other.page.getByText(`Signed in as ${email}`).count()).toBe(1);
    await other.page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(other.page.url()).pathname).toBe('/');
    expect(await storedSession(other.page)).toEqual({});
    await expect.poll(() => other.page.getByRole('link', { name: 'Login' }).count()).toBeGreaterThan(0);

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('refuses an e-mail that already has an account, with the verbatim message', async () => {
    const garage = seedGarages[2]!;
    const company = unregisteredCompanies[2]!;
    const { context, page } = await openPage();
    await page.goto('/signup');
    await page.getByLabel('Garage name').fill(tradingName(company));
    await page.getByLabel('Companies House number').fill(company.company_number);
    await page.getByRole('button', { name: 'Validate company' }).click();
    await expect.poll(() => page.getByText(company.company_name, { exact: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('Address').fill('1 High Street, Kendal, LA9 4AA');
    await page.getByLabel('Phone number').fill('01632960556');
    await page.getByLabel('Full name').fill('Sam Wilson');
    await page.getByLabel('Email').fill(garage.email);
    await page.getByLabel('Password', { exact: true }).fill('Workshop2026');
    await page.getByLabel('Confirm password').fill('Workshop2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            'An account with this email address already exists. Please use a different email or try logging in.',
          )
          .count(),
      )
      .toBeGreaterThan(0);
    await context.close();
  });
});

describe('a garage that forgot its password resets it', () => {
  // The reset below is the demo garage's: the journeys after this one (in whatever order vitest runs them) sign in
  // with its documented password.
  afterAll(restoreDemoGaragePassword);

  it('requests the mail, follows the link, sets a new password; the new one works and the old one fails', async () => {
    const garage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
    const oldPassword = seedAccounts.garage.password;
    const newPassword = 'FreshStart2026';
    const { context, page, errors } = await openPage();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The router keeps the login page on screen while the new page's code loads, and the login page has an Email
    // field too: wait for the new page before typing, or the text goes into the page that is leaving.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(garage.email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // A reset request deliberately takes at least 250 ms (the same for known and unknown e-mails).
    await expect.poll(() => page.getByText('Check Your Email').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    const mail = await waitForMail(inject('inboxUrl'), garage.email, /reset/i);
    const resetLink = linkIn(mail, '/reset-password');
    await page.goto(resetLink.replace(new URL(resetLink).origin, inject('gatewayUrl')));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('Password Reset Successfully!').count()).toBe(1);
    await page.waitForURL('**/login', { timeout: 10_000 });

    await logInThroughPage(page, garage.email, newPassword);
    await page.waitForURL('**/garage');
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });

    const retry = await openPage();
    await logInThroughPage(retry.page, garage.email, oldPassword);
    await expect.poll(() => retry.page.getByText('Invalid email or password').count()).toBeGreaterThan(0);
    expect(new URL(retry.page.url()).pathname).toBe('/login');

    // The link was single-use.
    const reuse = await page.request.post('/api/v1/auth/reset-password', {
      data: { token: new URL(resetLink).searchParams.get('token'), password: 'Another2026' },
    });
    expect(reuse.status()).toBe(400);
    expect(errors).toEqual([]);
    await retry.context.close();
    await context.close();
  });
});
