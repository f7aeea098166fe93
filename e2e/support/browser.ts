/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const ARTIFACTS = path.join(import.meta.dirname, '../artifacts');

async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Makes `page.goto` to a page of the web app resolve once the app has taken the page over, as marked on <html>
 * (web/src/components/layout/PageBoundary.tsx): a page the gateway rendered is on screen before that, but a tap on it
 * does nothing yet (docs/architecture.md#web-delivery). Other addresses (the Stripe double, the mail inbox) as they
 * are.
 */
function waitForTakeOverOnGoto(page: Page, baseURL: string): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const isAppPage =
      new URL(page.url()).origin === new URL(baseURL).origin &&
      (response?.headers()['content-type'] ?? '').startsWith('text/html');
    if (isAppPage) await page.waitForFunction(() => document.documentElement.dataset.takenOver === 'true');
    return response;
  };
}

/** A fresh context (no cookies, no storage) whose page fails the test on any uncaught page error. */
async function openPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  waitForTakeOverOnGoto(page, baseURL);
  return { context, page, errors };
}

/**
 * One Chromium for the calling test file, launched before its first test and closed after its last, and a function
 * that opens a fresh page on it (openPage) at the platform's gateway.
 */
export function useBrowser(): () => ReturnType<typeof openPage> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is not launched yet (open pages inside tests)');
    return openPage(browser, inject('gatewayUrl'));
  };
}

/**
 * Saves a screenshot under e2e/artifacts for a person to look at: the whole page, or with `isViewportOnly` what the
 * screen shows (a dialog, which stays fixed on the screen while a whole-page shot scrolls past it).
 */
export async function screenshot(
  page: Page,
  name: string,
  { isViewportOnly = false }: { isViewportOnly?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: !isViewportOnly });
  return file;
}

/** Signs in on the login page as a person would. */
export async function logInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
