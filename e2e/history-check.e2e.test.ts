/**
 * The history check in the visitor's browser (issue 23), against the whole stack in headless Chromium: a seeded
 * vehicle's results page says its history was verified in the browser; a lookup answer altered on its way to the
 * browser, a mileage rewritten in records' database (with its hashes and the chain head remade), and a remembered
 * checkpoint the log does not extend are each reported, never passed. The garage dashboard shows the log's latest
 * checkpoint, checked the same way.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEVELOPMENT_LOG, type TLogCheckpoint, type TVerifyChainResponse } from '@sh/shared/contract';
import pino from 'pino';
import { createPublishedAnswers, lookupAnswersNamespace } from '@sh/shared/lookup-cache';
import { createPool, createRedis, DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { encodeBase64, parseSignerKey, signCheckpoint } from '@sh/shared/transparency-log';
import { tamperWithMileage } from '../services/records/test/tamper-with-mileage.js';
import { waitForCheckpointOf } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages, seedVehicles } from './support/data.js';

const REGISTRATION = 'AD61HCX';
// A vehicle no other journey reads (the last seeded one with a few records), rewritten in the database and put back.
const tampered = seedVehicles
  .filter((v) => v.records.length >= 3 && v.records.every((r) => r.mileage !== null) && !/^MX/.test(v.registration))
  .at(-1)!;
const CHECKPOINT_KEY = `sh.log.checkpoint.${DEVELOPMENT_LOG.origin}`;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const openPage = useBrowser();

async function getData<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('gatewayUrl')}/api/v1/service-records/${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Marks a vehicle's lookup answers stale, as records does after each of its own writes: a change made in its database
 * behind its back would otherwise leave the answer published before it in Redis.
 */
async function invalidateLookupAnswers(registration: string): Promise<void> {
  const redis = createRedis(inject('redisUrl'));
  try {
    const answers = createPublishedAnswers({
      redis,
      namespace: lookupAnswersNamespace(inject('queuePrefix')),
      logger: pino({ level: 'silent' }),
    });
    await answers.invalidate(registration);
  } finally {
    redis.disconnect();
  }
}

/**
 * Saves the whole page under e2e/artifacts, and what the visitor sees around `focus` under /tmp/h12, for a person to
 * look at.
 */
async function keepScreenshot(page: Page, name: string, focus: Locator): Promise<void> {
  await screenshot(page, name);
  mkdirSync('/tmp/h12', { recursive: true });
  await focus.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/h12/${name}.png` });
}

describe('the results page checks the history in the browser', () => {
  it("says a seeded vehicle's history was verified in the browser, against the log's checkpoint, on desktop and mobile", async () => {
    await waitForCheckpointOf(REGISTRATION);
    const { context, page, errors } = await openPage();
    await page.goto(`/vehicle-results?reg=${REGISTRATION}`);
    const line = page.getByText(/^History verified in your browser:/);
    await line.waitFor();
    const chain = await getData<TVerifyChainResponse['data']>(`verify/${REGISTRATION}`);
    const text = (await line.textContent()) ?? '';
    expect(text).toMatch(
      new RegExp(
        `^History verified in your browser: its ${chain.entries.length} entries are in the public log’s signed checkpoint of [\\d,]+ entries, and match what is shown here\\.`,
      ),
    );
    expect(await line.getByRole('link', { name: 'How anyone can check this' }).getAttribute('href')).toBe(
      '/verify-records',
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    // The checkpoint this browser saw is remembered for the next visit.
    const remembered = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), CHECKPOINT_KEY)) ?? 'null',
    ) as { size: number } | null;
    expect(text).toContain(`checkpoint of ${remembered!.size.toLocaleString('en-GB')} entries`);
    await keepScreenshot(page, 'history-verified-desktop', line);
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, 'history-verified-mobile', line);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the history could not be verified, naming the record, when the lookup answer is altered on its way', async () => {
    const { context, page, errors } = await openPage();
    const chain = await getData<TVerifyChainResponse['data']>(`verify/${REGISTRATION}`);
    let altered: { id: string; service_type: string; service_date: string } | undefined;
    // The lookup's answer comes with the page (the gateway renders the page with it, docs/architecture.md#web-delivery):
    // altered there, in the data the page is built from, and the page sent for the browser to build from it (an HTML
    // that disagreed with its data would be React's to mend, not the check's to find).
    await page.route(`**/vehicle-results?reg=${REGISTRATION}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const element = /(<script type="application\/json" id="page-answers">)(.*?)(<\/script>)/.exec(html)!;
      const answers = JSON.parse(element[2]!) as Record<
        string,
        { data: { serviceRecords: Array<{ id: string; mileage: number; service_type: string; service_date: string }> } }
      >;
      const record = answers[`service-records/lookup/${REGISTRATION}`]!.data.serviceRecords[0]!;
      record.mileage -= 1000;
      altered = record;
      const sent = JSON.stringify(answers).replace(/</g, '\\u003c');
      const rebuilt = html
        .replace(
          /<div id="root">.*<\/div>(?=<script type="application\/json" id="page-answers">)/s,
          '<div id="root"></div>',
        )
        .replace(element[0], () => `${element[1]}${sent}${element[3]}`);
      expect(rebuilt).toContain('<div id="root"></div><script type="application/json" id="page-answers">');
      await route.fulfill({ response, body: rebuilt });
    });
    await page.goto(`/vehicle-results?reg=${REGISTRATION}`);
    const alert = page.getByRole('alert').filter({ hasText: 'This history could not be verified' });
    await alert.waitFor();
    const position = chain.entries.find(
      (entry) => entry.kind === 'record' && entry.record_id === altered!.id,
    )!.position;
    expect(await alert.textContent()).toContain(
      `Entry ${position} (${altered!.service_type}, ${longDate(altered!.service_date)}) could not be verified in your browser: the mileage shown is not what the log sealed.`,
    );
    expect(await page.getByText(/^History verified/).count()).toBe(0);
    await keepScreenshot(page, 'history-altered-lookup', alert);
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, 'history-altered-lookup-mobile', alert);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says a history whose mileage was rewritten in records' database could not be verified, naming the entry", async () => {
    await waitForCheckpointOf(tampered.registration);
    const pool = createPool(inject('recordsDatabaseUrl'), 2);
    const before = await getData<TVerifyChainResponse['data']>(`verify/${tampered.registration}`);
    const target = before.entries.find((entry) => entry.kind === 'record' && entry.position === 2)!;
    const record = tampered.records.find((r) => r.id === target.record_id)!;
    const { context, page, errors } = await openPage();
    try {
      await tamperWithMileage(pool, tampered.registration, 2, record.mileage! + 7);
      await invalidateLookupAnswers(tampered.registration);
      await page.goto(`/vehicle-results?reg=${tampered.registration}`);
      const alert = page.getByRole('alert').filter({ hasText: 'This history could not be verified' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        `Entry 2 (${record.service_type}, ${longDate(record.service_date)}) could not be verified in your browser: it is not in the public log as the server shows it.`,
      );
      expect(await page.getByText(/^History verified/).count()).toBe(0);
      await keepScreenshot(page, 'history-database-tamper', alert);
    } finally {
      // Put back as it was: the same mileage gives back the same hashes, links and head.
      await tamperWithMileage(pool, tampered.registration, 2, record.mileage!);
      await invalidateLookupAnswers(tampered.registration);
      await pool.end();
    }
    expect((await getData<TVerifyChainResponse['data']>(`verify/${tampered.registration}`)).head).toBe(before.head);
    await page.reload();
    await page.getByText(/^History verified in your browser:/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a remembered checkpoint that the log does not extend, and keeps it', async () => {
    const otherRoot = new Uint8Array(32).fill(42);
    const note = await signCheckpoint(
      { origin: DEVELOPMENT_LOG.origin, size: 1, rootHash: otherRoot },
      await parseSignerKey(DEV_LOG_SIGNING_KEY),
    );
    const remembered = JSON.stringify({ size: 1, rootHash: encodeBase64(otherRoot), note });
    const { context, page, errors } = await openPage();
    await page.goto('/');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [CHECKPOINT_KEY, remembered]);
    await page.goto(`/vehicle-results?reg=${REGISTRATION}`);
    const alert = page.getByRole('alert').filter({ hasText: 'the public log has been rewritten' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `This browser saw the public log before, with 1 entry and root hash ${encodeBase64(otherRoot)}.`,
    );
    expect(await page.getByText(/^History verified/).count()).toBe(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), CHECKPOINT_KEY)).toBe(remembered);
    await keepScreenshot(page, 'history-log-rewritten', alert);
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, 'history-log-rewritten-mobile', alert);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the garage dashboard's panel on the public log", () => {
  const demoGarage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;

  it('shows the latest checkpoint, verified with the bundled key, and that the log only grew since this browser saw it', async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    const panel = page.getByRole('region', { name: 'The public log' });
    await panel.getByText(/^Signed with the log’s key\./).waitFor();
    expect(await panel.textContent()).toContain('The first checkpoint this browser has seen');
    const latest = await getData<TLogCheckpoint>('log/checkpoint');
    expect(await panel.getByRole('definition').nth(1).textContent()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(
      Number((await panel.getByRole('definition').first().textContent())!.replaceAll(',', '')),
    ).toBeLessThanOrEqual(latest.treeSize);
    await keepScreenshot(page, 'dashboard-log-panel-desktop', panel);

    await page.reload();
    await panel.getByText(/^Signed with the log’s key\./).waitFor();
    expect(await panel.textContent()).toMatch(
      /It is the same checkpoint this browser saw before\.|It extends the checkpoint of [\d,]+ entries this browser saw before, unchanged\./,
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, 'dashboard-log-panel-mobile', panel);
    expect(errors).toEqual([]);
    await context.close();
  });
});
