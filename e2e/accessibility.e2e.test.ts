/**
 * Every screen a visitor, a garage or the admin can reach, checked in Chromium with axe-core against WCAG 2.1 A and
 * AA once its content has loaded: no violation of any impact. The report is checked with a seeded vehicle's full
 * report (details, chart, timeline), the garage's screens signed in as the demo garage, the admin's as the admin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { restoreDemoGaragePassword } from './support/api.js';
import { logInThroughPage, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages, seedVehicles } from './support/data.js';

// Evaluated through the browser's debugging protocol: the site's Content-Security-Policy (script-src 'self') rightly
// refuses it as a script tag, and the page is checked as visitors get it, CSP and all.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const demoGarage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
const vehicle = seedVehicles.find((v) => v.records.length >= 3)!;
// A registration nobody has recorded, so that the wizard's second step asks for the VIN.
const NEW_REGISTRATION = 'EK19AXY';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's WCAG 2.1 A and AA violations on the page as it is now, one line each: where, impact, rule, elements. */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations.map(
    (v) =>
      `${where}: ${v.impact ?? 'unknown'} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Opens path and waits until its main heading is shown and the network is quiet (lazy routes, data). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Visits each path in turn and answers the violations found on all of them. */
async function violationsAlong(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await visit(page, path);
    found.push(...(await violationsOn(page, path)));
  }
  return found;
}

const openPage = useBrowser();
beforeAll(async () => {
  await restoreDemoGaragePassword();
});

const PUBLIC_PATHS = [
  '/',
  '/lookup',
  `/vehicle-results?reg=${vehicle.registration}`,
  '/vehicle-results?reg=ZZ99ZZZ',
  '/garages',
  '/garages/find?q=Harrogate',
  '/garages/hartley-motors-ltd',
  '/pricing',
  '/login',
  '/signup',
  '/forgot-password',
  '/faq',
  '/about',
  '/contact',
  '/support',
  '/getting-started',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
];

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('reports what it should: an image without alt text and a button without a name put on the home page', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    await page.evaluate(() => {
      document
        .querySelector('main')!
        .append(
          Object.assign(document.createElement('img'), { src: '/favicon.svg' }),
          document.createElement('button'),
        );
    });
    const found = (await violationsOn(page, '/')).map((violation) => violation.split(': ')[1]);
    expect(found).toEqual(expect.arrayContaining(['critical button-name', 'critical image-alt']));
    await context.close();
  });

  it('finds no violation on any public page', async () => {
    const { context, page, errors } = await openPage();
    const found = await violationsAlong(page, PUBLIC_PATHS);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds no violation on a phone (375 px) on the home page, the lookup and the report, menu open', async () => {
    const { context, page, errors } = await openPage();
    await page.setViewportSize({ width: 375, height: 800 });
    const found: string[] = [];
    for (const path of ['/', '/lookup', `/vehicle-results?reg=${vehicle.registration}`]) {
      await visit(page, path);
      found.push(...(await violationsOn(page, path)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    }
    // The report's chart scrolls sideways in its own box on a phone: the box must be reachable by keyboard.
    expect(await page.locator('.mileage-chart__scroll').getAttribute('tabindex')).toBe('0');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    found.push(...(await violationsOn(page, 'menu open')));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("finds no violation on the garage's screens, signed in", async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    const found = await violationsAlong(page, ['/garage', '/account', '/subscription', '/add-service']);
    // The wizard's later steps and its signing dialog, with one category open and an item ticked (nothing is submitted).
    await page.getByLabel('Registration number').fill(NEW_REGISTRATION);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('VIN').fill('WF0XXXGCDX8C54321');
    await page.getByLabel('Mileage').fill('48213');
    found.push(...(await violationsOn(page, '/add-service step 2')));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /General Maintenance & Repairs/ }).click();
    await page.getByLabel('Full Service').check();
    found.push(...(await violationsOn(page, '/add-service step 3')));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await violationsOn(page, '/add-service signing dialog')));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("finds no violation on the admin's screens, signed in", async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, seedAccounts.admin.email, seedAccounts.admin.password);
    await page.waitForURL('**/admin');
    const found = await violationsAlong(page, ['/admin', '/admin/records']);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
