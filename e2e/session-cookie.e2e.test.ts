/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { registerGarage } from './support/api.js';
import { logInThroughPage, useBrowser } from './support/browser.js';
import { tradingName, unregisteredCompanies } from './support/data.js';

const openPage = useBrowser();

/** Every value the page's scripts can read: localStorage, sessionStorage and document.cookie. */
async function readableByScripts(page: Page): Promise<{ storage: Record<string, string>; documentCookie: string }> {
  return page.evaluate(() => {
    const storage: Record<string, string> = {};
    for (const store of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i)!;
        storage[key] = store.getItem(key) ?? '';
      }
    }
    return { storage, documentCookie: document.cookie };
  });
}

async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === SESSION_COOKIE.name);
}

/** Waits until the garage dashboard shows, signed in (not sent to /login). */
async function expectDashboard(page: Page, heading: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).count(), { timeout: 15_000 }).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/garage');
}

describe('the session cookie in the browser', () => {
  it('keeps a garage signed in across reloads and tabs with the refresh token only in an HttpOnly cookie, and logout removes it', async () => {
    const company = unregisteredCompanies[9]!;
    const email = `cookie.${Date.now()}@example.co.uk`;
    const password = 'Workshop2026';
    await registerGarage(9, email, password);
    const { context, page, errors } = await openPage();

    await logInThroughPage(page, email, password);
    await page.waitForURL('**/garage');
    await expectDashboard(page, tradingName(company));

    // Chromium kept the Secure cookie on http://localhost (a secure context), one per path, HttpOnly and Strict.
    const cookies = await sessionCookies(context);
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual([...SESSION_COOKIE.paths].sort());
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', domain: 'localhost' });
      const daysLeft = (cookie.expires * 1000 - Date.now()) / 86_400_000;
      expect(daysLeft).toBeGreaterThan(29.9);
      expect(daysLeft).toBeLessThanOrEqual(30);
    }
    const refreshToken = cookies[0]!.value;
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Nothing a script can read holds the refresh token, nor any token.
    const readable = await readableByScripts(page);
    expect(readable.documentCookie).not.toContain(SESSION_COOKIE.name);
    expect(JSON.stringify(readable)).not.toContain(refreshToken);
    expect(Object.keys(readable.storage).filter((key) => /token/i.test(key))).toEqual([]);

    // A reload restores the session from the cookie (which rotates), without a stop at /login.
    await page.reload();
    await expectDashboard(page, tradingName(company));
    const rotated = (await sessionCookies(context))[0]!.value;
    expect(rotated).not.toBe(refreshToken);
    expect(JSON.stringify(await readableByScripts(page))).not.toContain(rotated);

    // Two tabs reloading at once share the cookie: each refresh waits for the other's, so neither trips the reuse
    // check that would end the session.
    const second = await context.newPage();
    second.on('pageerror', (error) => errors.push(error.message));
    await second.goto('/garage');
    await expectDashboard(second, tradingName(company));
    await Promise.all([page.reload(), second.reload()]);
    await expectDashboard(page, tradingName(company));
    await expectDashboard(second, tradingName(company));
    await page.reload();
    await expectDashboard(page, tradingName(company));

    // Logout ends the session in both tabs and clears the cookie.
    await page.locator('.user-menu__toggle').hover();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(async () => (await sessionCookies(context)).length).toBe(0);
    await expect.poll(() => new URL(second.url()).pathname).not.toBe('/garage');
    await page.goto('/garage');
    await page.waitForURL('**/login');

    expect(errors).toEqual([]);
    await context.close();
  });
});
