/**
 * The buyer's answer first (issue 26): on a 375 px phone, CO15GRV's results page shows within its first 800 px the
 * mileage verdict with the readings that go backwards, the MOT status and that the history verified; the chart's
 * labels never overlap; and a search by VIN finds every record of the vehicle, across a plate transfer, by API and page.
 */
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES, ZLookupResponseSchema } from '@sh/shared/contract';
import { screenshot, useBrowser } from './support/browser.js';
import { seedVehicles } from './support/data.js';

const clocked = seedVehicles.find((v) => v.registration === 'CO15GRV')!;
const openPage = useBrowser();

type Box = { x: number; y: number; width: number; height: number; text: string };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the buyer's answer", () => {
  it('shows the mileage verdict with the backwards readings, the MOT status and "verified" in the first 800 px at 375 px', async () => {
    const { context, page, errors } = await openPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/vehicle-results?reg=${clocked.registration}`);
    const summary = page.getByRole('region', { name: 'At a glance' });
    await summary.getByText(/readings? go(es)? backwards/).waitFor();
    await summary.getByText(/^Valid|^Not valid|^Expired/).waitFor();
    await summary.getByText('History verified in your browser against the public log').waitFor({ timeout: 30_000 });
    // The seed's clocking: 31,380 miles on 15 June 2021, after 54,477 a week before.
    const backwards = summary.getByText('31,380 miles on 15 June 2021 (service)', { exact: false });
    await backwards.waitFor();
    await screenshot(page, 'buyer-summary-375', { isViewportOnly: true });
    await screenshot(page, 'buyer-summary-375-full');
    for (const shown of [
      summary.getByText(/readings? go(es)? backwards/),
      backwards,
      summary.getByText(/^Valid|^Not valid|^Expired/),
      summary.getByText('History verified in your browser against the public log'),
    ]) {
      const box = await shown.boundingBox();
      expect(box, (await shown.textContent()) ?? undefined).not.toBeNull();
      expect(box!.y + box!.height, (await shown.textContent()) ?? undefined).toBeLessThanOrEqual(800);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws the chart's labels without any two overlapping", async () => {
    const { context, page } = await openPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/vehicle-results?reg=${clocked.registration}`);
    const chart = page.getByRole('img', { name: 'Mileage over time, in miles' });
    await chart.waitFor();
    // The MOT tests' readings are drawn once DVSA's answer is in, and the labels placed by the widths the browser drew.
    await expect.poll(() => page.locator('.mileage-chart [data-source="mot"]').count()).toBeGreaterThan(0);
    await page.locator('.mileage-chart__labels[data-placed="measured"]').waitFor({ state: 'attached' });
    const boxes: Box[] = await page.locator('.mileage-chart__labels text').evaluateAll((texts) =>
      texts.map((text) => {
        const { x, y, width, height } = text.getBoundingClientRect();
        return { x, y, width, height, text: text.textContent ?? '' };
      }),
    );
    expect(boxes.length).toBeGreaterThan(3);
    expect(boxes.some((box) => box.text.startsWith('! '))).toBe(true);
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => overlaps(a, b))
        .map((b) => `${a.text} / ${b.text}`),
    );
    expect(overlapping).toEqual([]);
    await chart.screenshot({ path: `${import.meta.dirname}/artifacts/buyer-summary-chart.png` });
    await context.close();
  });
});

describe('the timeline on a phone', () => {
  it('folds the years before the last three, renders none of their entries, and opens one on request', async () => {
    const { context, page, errors } = await openPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/vehicle-results?reg=AD61HCX');
    const timeline = page.getByRole('list', { name: 'Services and MOT tests, newest first' });
    // DVSA's tests are in the timeline once it is headed with them: the years are counted then.
    await page.getByRole('heading', { name: 'Services and MOT tests', exact: true }).waitFor();
    const toggles = timeline.getByRole('button', { name: /^Show \d{4} \(\d+ entr(y|ies)\)$/ });
    await expect.poll(() => toggles.count()).toBeGreaterThan(0);
    const years = await timeline.locator('.report-year__title').allTextContents();
    expect(await toggles.count()).toBe(years.length - 3);
    // A folded year has no entry in the page at all; the three newest have theirs on screen.
    const folded = timeline.locator('.report-year--older');
    expect(await folded.locator('.report-timeline__entry').count()).toBe(0);
    expect(
      await timeline.locator('.report-year:not(.report-year--older) .report-timeline__entry').count(),
    ).toBeGreaterThan(0);

    const toggle = toggles.first();
    const [, year, count] = /^Show (\d{4}) \((\d+) entr/.exec((await toggle.textContent()) ?? '')!;
    await toggle.click();
    const opened = timeline.locator('.report-year', { has: page.getByRole('heading', { name: year, exact: true }) });
    await expect.poll(() => opened.locator('.report-timeline__entry').count()).toBe(Number(count));
    expect(await opened.locator('.report-timeline__entry').first().isVisible()).toBe(true);
    expect(await opened.getByRole('button', { name: `Hide ${year}` }).getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the results page as it is sent', () => {
  it("holds the vehicle's history in its HTML, and the browser takes the page over without asking for it", async () => {
    const { context, page, errors } = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/service-records/lookup/')) asked.push(request.url());
    });
    const html = await (await page.goto(`/vehicle-results?reg=${clocked.registration}`))!.text();
    // What a phone paints first and a search engine reads: the count and the records, before any script has run.
    expect(html).toContain(`${clocked.records.length} records found`);
    expect(html).toContain('<script type="application/json" id="page-answers">');
    await page
      .getByRole('region', { name: 'At a glance' })
      .getByText(/readings? go(es)? backwards/)
      .waitFor();
    await page.getByRole('heading', { name: 'The vehicle' }).waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the search by VIN', () => {
  it('answers every record of the VIN through the gateway, and an invalid VIN with its message', async () => {
    const response = await fetch(`${inject('gatewayUrl')}/api/v1/service-records/lookup-by-vin/${clocked.vin}`);
    expect(response.status).toBe(200);
    const records = ZLookupResponseSchema.parse(await response.json()).data.serviceRecords;
    expect(records).toHaveLength(clocked.records.length);
    expect(new Set(records.map((record) => record.vin))).toEqual(new Set([clocked.vin]));
    const refused = await fetch(`${inject('gatewayUrl')}/api/v1/service-records/lookup-by-vin/NOTAVIN`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.records.vinInvalid);
  });

  it("finds the history from the VIN box on /lookup, with the buyer's answer and the report of its plate", async () => {
    const { context, page, errors } = await openPage();
    await page.goto('/lookup');
    const form = page.getByRole('search', { name: 'Search by VIN' });
    await form.getByLabel('Or search by VIN').fill('WDD7FJBL1FR35066');
    await form.getByRole('button', { name: 'Search by VIN' }).click();
    await form.getByText(MESSAGES.records.vinInvalid).waitFor();
    await form.getByLabel('Or search by VIN').fill(clocked.vin.toLowerCase());
    await form.getByRole('button', { name: 'Search by VIN' }).click();
    await page.waitForURL(`**/vehicle-results?vin=${clocked.vin}`);
    await page.getByRole('heading', { name: `Service History for VIN ${clocked.vin}` }).waitFor();
    await page.getByText(`${clocked.records.length} records found`).waitFor();
    const summary = page.getByRole('region', { name: 'At a glance' });
    await summary.getByText(/readings? go(es)? backwards/).waitFor();
    // DVLA's and DVSA's parts are those of the plate it was last serviced under.
    await page.getByRole('heading', { name: 'The vehicle' }).waitFor();
    await page
      .getByRole('heading', { name: /^MOT test:/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
