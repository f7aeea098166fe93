import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.js';
import { seedGarages, seedVehicles } from './support/data.js';

const vehicles = seedVehicles;
const garages = seedGarages;
// A seeded vehicle with several records, chosen from the data rather than written down here.
const vehicle = vehicles.find((v) => v.records.length >= 5 && v.records.every((r) => r.mileage !== null))!;
const newest = [...vehicle.records].sort((a, b) => b.service_date.localeCompare(a.service_date))[0]!;
const newestGarage = garages.find((g) => g.id === newest.garage_id)!;

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const openPage = useBrowser();

describe('a visitor looks up a vehicle from the home page', () => {
  it('types a seeded registration into the ENTER REG box, presses Enter and sees its history', async () => {
    const { context, page, errors } = await openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'ENTER REG' }).click();
    const input = page.getByLabel('Vehicle registration');
    await input.pressSequentially(vehicle.registration.toLowerCase());
    expect(await input.inputValue()).toBe(vehicle.registration);
    await input.press('Enter');

    await page.waitForURL(`**/vehicle-results?reg=${vehicle.registration}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(`Service History for ${vehicle.registration}`);
    // Our service records; the MOT tests that DVSA adds to the timeline are articles of their own.
    const cards = page.locator('article:not(.mot-card)');
    await expect.poll(() => cards.count()).toBe(vehicle.records.length);
    const first = await cards.first().textContent();
    expect(first).toContain(longDate(newest.service_date));
    expect(first).toContain(`${newest.mileage!.toLocaleString('en-GB')} miles`);
    expect(first).toContain(newestGarage.name);
    expect(await page.getByText(`${vehicle.records.length} records found`).count()).toBe(1);
    await screenshot(page, 'lookup-results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "No Records Found" for a registration nobody has serviced', async () => {
    const { context, page, errors } = await openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'ENTER REG' }).click();
    await page.getByLabel('Vehicle registration').fill('ZZ99ZZZ');
    await page.getByLabel('Vehicle registration').press('Enter');
    await page.waitForURL('**/vehicle-results?reg=ZZ99ZZZ');
    await expect.poll(() => page.getByText('No Records Found').count()).toBe(1);
    await screenshot(page, 'lookup-empty');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves client-side routes on reload and sends unknown paths home', async () => {
    const { context, page } = await openPage();
    await page.goto(`/vehicle-results?reg=${vehicle.registration}`);
    await expect.poll(() => page.locator('article:not(.mot-card)').count()).toBe(vehicle.records.length);
    await page.goto('/no-such-page');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
