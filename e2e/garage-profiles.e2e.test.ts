/**
 * Garage profiles in the visitor's browser (issue 26, point 3; docs/product.md#garage-profiles), against the whole
 * stack in headless Chromium: "Serviced by" on a seeded vehicle's record leads to the demo garage's public page, which
 * shows what garages keeps of it and how many services records counts for it; the garage finder finds the demo garage
 * by its town.
 */
import { describe, expect, inject, it } from 'vitest';
import { ZGarageServicesLoggedResponseSchema } from '@sh/shared/contract';
import { screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages, seedVehicles } from './support/data.js';

const demo = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
const town = demo.address.split(',').at(-2)!.trim();
// A vehicle whose newest record is the demo garage's, so its "Serviced by" is the first on the page.
const vehicle = seedVehicles.find((v) => v.records.length > 0 && v.records.at(-1)!.garage_id === demo.id)!;

const openPage = useBrowser();

describe('garage profiles', () => {
  it('a record\'s "Serviced by" leads to the garage\'s profile, with its details and its count of services', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`/vehicle-results?reg=${vehicle.registration}`);
    const servicedBy = page.locator('.report-garage-link', { hasText: demo.name }).first();
    await servicedBy.click();
    await page.waitForURL(/\/garages\/hartley-motors-ltd$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(demo.name);
    const facts = page.locator('.garage-profile__facts');
    await facts.getByText(demo.address).first().waitFor();
    await facts.getByText(demo.companies_house_number).waitFor();
    // The count is records', as its own call answers it.
    const answer = await fetch(`${inject('gatewayUrl')}/api/v1/garage-profiles/${demo.id}/services-logged`);
    const { services_logged } = ZGarageServicesLoggedResponseSchema.parse(await answer.json()).data;
    expect(services_logged).toBeGreaterThan(0);
    await facts.getByText(new Intl.NumberFormat('en-GB').format(services_logged), { exact: true }).waitFor();
    await screenshot(page, 'garage-profile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is sent with the garage in its HTML, and the browser does not ask for the garage again', async () => {
    const { context, page, errors } = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/garage-profiles/')) asked.push(request.url());
    });
    const html = await (await page.goto('/garages/hartley-motors-ltd'))!.text();
    // What a search engine reads too: the garage's name and address in the page as sent.
    expect(html).toContain(`<span data-computed="true">${demo.name}</span></h1>`);
    expect(html).toContain('<script type="application/json" id="page-answers">');
    const facts = page.locator('.garage-profile__facts');
    await facts.getByText('Services logged on').waitFor();
    await expect.poll(() => facts.locator('dd').last().textContent()).toMatch(/^[\d,]+$/);
    // The count is records' (by the garage's id); the garage itself came with the page.
    expect(asked.map((url) => new URL(url).pathname)).toEqual([`/api/v1/garage-profiles/${demo.id}/services-logged`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the directory finds the demo garage by its town, and lists no cancelled garage', async () => {
    const { context, page, errors } = await openPage();
    await page.goto('/garages/find');
    await page.getByLabel('Town or postcode district').fill(town);
    await page.getByRole('button', { name: 'Search' }).click();
    const list = page.getByRole('list', { name: `Garages in ${town}` });
    await list.getByRole('link', { name: demo.name }).waitFor();
    expect(page.url()).toContain(`q=${town}`);
    const cancelled = seedGarages.find((g) => g.subscription_status === 'canceled')!;
    const cancelledTown = cancelled.address.split(',').at(-2)!.trim();
    await page.goto(`/garages/find?q=${encodeURIComponent(cancelledTown)}`);
    await page.getByText(`No subscribed garage found in ${cancelledTown}`).waitFor();
    expect(await page.getByRole('link', { name: cancelled.name }).count()).toBe(0);
    await page.goto(`/garages/find?q=${encodeURIComponent(town)}`);
    await page.getByRole('link', { name: demo.name }).waitFor();
    await screenshot(page, 'garage-finder');
    expect(errors).toEqual([]);
    await context.close();
  });
});
