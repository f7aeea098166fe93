/**
 * Claims that are true (issue 26): every public page of the web router, read in Chromium, states no percentage that
 * was not computed from data (an element marked data-computed, which the pages set only on values from the API) and
 * names no invented partner, nor any organisation outside the configured list (support/claims.ts). The footer shows
 * the company details the build was configured with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { allowedOrganisations, INVENTED_BRANDS, ORGANISATION_LIKE, OWN_PHRASES, PERCENTAGE } from './support/claims.js';
import { seedVehicles } from './support/data.js';

const vehicle = seedVehicles.find((v) => v.records.length >= 3)!;
const TOKEN = 'A'.repeat(43);

/** Where to open each public route of the router, with the query it reads. */
const PUBLIC_PAGES: Record<string, string> = {
  '/': '/',
  '/lookup': '/lookup',
  '/vehicle-results': `/vehicle-results?reg=${vehicle.registration}`,
  '/verify-records': '/verify-records',
  '/garages': '/garages',
  '/garages/find': '/garages/find?q=Harrogate',
  '/garages/:slug': '/garages/hartley-motors-ltd',
  '/pricing': '/pricing',
  '/checkout': '/checkout?price_id=price_local_professional_monthly',
  '/checkout-success': '/checkout-success',
  '/subscription': '/subscription',
  '/signup': '/signup',
  '/service-reminder/*': `/service-reminder?token=${TOKEN}`,
  '/confirm-email': '/confirm-email',
  '/undo-email-change': '/undo-email-change',
  '/login': '/login',
  '/forgot-password': '/forgot-password',
  '/reset-password': '/reset-password',
  '/accept-invite': '/accept-invite?token=not-an-invitation',
  '/faq': '/faq',
  '/about': '/about',
  '/contact': '/contact',
  '/support': '/support',
  '/getting-started': '/getting-started',
  '/privacy-policy': '/privacy-policy',
  '/terms-of-service': '/terms-of-service',
  '/cookie-policy': '/cookie-policy',
};

/**
 * The router's public routes (web/src/App.tsx): every <Route> with a path or index whose element is not behind
 * RequireAuth, less the redirects.
 */
function publicRoutesOfTheRouter(): string[] {
  const source = readFileSync(path.join(import.meta.dirname, '../web/src/App.tsx'), 'utf8');
  const routes: string[] = [];
  for (const match of source.matchAll(/<Route\s+(index|path="([^"]+)")([\s\S]*?)(?=<Route\s|<\/Routes>)/g)) {
    const [, kind, routePath, rest] = match;
    if (rest!.includes('RequireAuth') || rest!.includes('<Navigate')) continue;
    routes.push(kind === 'index' ? '/' : `/${routePath}`);
  }
  return routes;
}

type TFound = { percentages: string[]; texts: string[] };

/**
 * Every text of the page (hidden ones too, such as a closed answer of the FAQ) and every aria-label, alt and title,
 * less what sits in an element marked data-computed, and the percentages in it.
 */
async function readPage(page: Page): Promise<TFound> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [data-computed]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [title]')) {
      if (element.closest('[data-computed]')) continue;
      for (const name of ['aria-label', 'alt', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const joined = texts.join('\n');
  return { texts, percentages: [...joined.matchAll(PERCENTAGE)].map((m) => m[0]) };
}

/** Opens a page and waits until its main heading, its data and the footer's company line are in. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('footer [data-company-details]').waitFor();
}

/** What is wrong with a page's texts: uncomputed percentages, invented brands, organisations not allowed. */
function problemsIn(where: string, found: TFound): string[] {
  const problems = found.percentages.map((claim) => `${where}: "${claim}" is not computed from data`);
  const joined = found.texts.join('\n');
  for (const brand of INVENTED_BRANDS)
    if (joined.toLowerCase().includes(brand.toLowerCase())) problems.push(`${where}: names the invented "${brand}"`);
  const allowed = [...allowedOrganisations(), ...OWN_PHRASES];
  for (const text of found.texts)
    for (const [name] of text.matchAll(ORGANISATION_LIKE))
      if (!allowed.some((ok) => name.endsWith(ok) || ok.endsWith(name)))
        problems.push(`${where}: names "${name}", which is not in the configured list`);
  return problems;
}

const openPage = useBrowser();

describe('claims that are true (issue 26)', () => {
  it('visits every public route of the router', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual(publicRoutesOfTheRouter().sort());
  });

  it('finds a planted claim: an uncomputed percentage, an invented partner and an unknown company, but not a computed figure', async () => {
    const { context, page } = await openPage();
    await visit(page, '/about');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const claim = Object.assign(document.createElement('p'), {
        textContent: '28% more reviews, with Northway Motors and Acme Widgets Ltd',
      });
      const computed = Object.assign(document.createElement('p'), { textContent: '64 %' });
      computed.dataset.computed = '';
      main.append(claim, computed);
    });
    expect(problemsIn('/about', await readPage(page))).toEqual([
      '/about: "28%" is not computed from data',
      '/about: names the invented "Northway Motors"',
      '/about: names "Northway Motors", which is not in the configured list',
      '/about: names "Acme Widgets Ltd", which is not in the configured list',
    ]);
    await context.close();
  });

  it('finds no uncomputed percentage, invented partner or unlisted organisation on any public page', async () => {
    const { context, page, errors } = await openPage();
    const problems: string[] = [];
    for (const url of Object.values(PUBLIC_PAGES)) {
      await visit(page, url);
      problems.push(...problemsIn(url, await readPage(page)));
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the company details the build was configured with in the footer', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    const line = await page.locator('footer [data-company-details]').textContent();
    const name = process.env.VITE_COMPANY_NAME?.trim();
    if (name) expect(line).toContain(name);
    else expect(line).toBe('Company details not configured.');
    await context.close();
  });
});
