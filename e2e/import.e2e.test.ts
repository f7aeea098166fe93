/**
 * A garage's import of its own history (docs/product.md#importing-a-garages-history), through the whole platform: the
 * owner (the demo garage) previews a file with a bad row through the API, which stores nothing, then imports it fixed;
 * the public lookup shows each record as imported. Then the same in headless Chromium: the preview's table shows the
 * bad row, and the fixed file is imported and shown on the public page as "Imported on …, serviced on …".
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MESSAGES,
  RECORD_IMPORT_COLUMNS,
  RECORD_IMPORT_MESSAGES,
  type TPublicServiceRecord,
  type TRecordImportPreview,
} from '@sh/shared/contract';
import { logInThroughApi, restoreDemoGaragePassword } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages } from './support/data.js';

const demoGarage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
const stamp = Date.now();
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXY';
/** A current-style plate of this run (AB12CDE), one per journey. */
const plate = (journey: string) =>
  `${journey}${String(10 + (stamp % 80))}${LETTERS[stamp % 22]}${LETTERS[Math.floor(stamp / 22) % 22]}${LETTERS[Math.floor(stamp / 484) % 22]}`;

/** A file of the vehicle's three past services; `vin` of the second row as given. */
const fileOf = (registration: string, secondVin: string) =>
  [
    RECORD_IMPORT_COLUMNS.join(','),
    `${registration},WF0XXXGCDX8C11111,2019-04-02,21000,Full Service,Imported from the old diary,`,
    `${registration},${secondVin},14/05/2021,38500,"Oil & Filter Change; MOT Test",,`,
    `${registration},WF0XXXGCDX8C11111,2023-06-30,52000,Replaced nearside wiper blade,,`,
  ].join('\n');

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function lookup(registration: string): Promise<TPublicServiceRecord[]> {
  const answer = (await (await call('GET', `/service-records/lookup/${registration}`, null)).json()) as {
    data: { serviceRecords: TPublicServiceRecord[] };
  };
  return answer.data.serviceRecords;
}

beforeAll(async () => {
  await restoreDemoGaragePassword();
});

describe("a garage's import, through the API", () => {
  it('previews the bad row and stores nothing; fixed, stores every row, each shown as imported', async () => {
    const owner = await logInThroughApi(demoGarage.email, seedAccounts.garage.password);
    const registration = plate('IA');
    const bad = fileOf(registration, 'WF0XXXGCDX8C1111');
    const preview = await call('POST', '/service-records/import/preview', owner.token, { csv: bad });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { data: TRecordImportPreview }).data).toEqual({
      rows: 3,
      problem_count: 1,
      problems: [{ row: 3, field: 'vin', message: MESSAGES.records.vinInvalid }],
    });
    const refused = await call('POST', '/service-records/import', owner.token, { csv: bad });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(RECORD_IMPORT_MESSAGES.hasProblems);
    expect(await lookup(registration)).toEqual([]);

    const imported = await call('POST', '/service-records/import', owner.token, {
      csv: fileOf(registration, 'WF0XXXGCDX8C11111'),
    });
    expect(imported.status).toBe(201);
    const records = await lookup(registration);
    expect(records.map((record) => [record.service_date, record.service_type, record.imported])).toEqual([
      ['2023-06-30', 'Replaced nearside wiper blade', true],
      ['2021-05-14', 'Oil & Filter Change, MOT Test', true],
      ['2019-04-02', 'Full Service', true],
    ]);
    const chain = (await (await call('GET', `/service-records/verify/${registration}`, null)).json()) as {
      data: { valid: boolean; length: number };
    };
    expect(chain.data).toMatchObject({ valid: true, length: 3 });
  });
});

describe("a garage's import, in headless Chromium", () => {
  const openPage = useBrowser();

  it("the owner's import preview shows the bad row; the fixed file is imported and shown as imported on the public page", async () => {
    const { page } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    const registration = plate('IB');
    const panel = page.getByRole('region', { name: 'Import history' });
    const choose = (text: string) =>
      panel
        .locator('input[type="file"]')
        .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

    await choose(fileOf(registration, 'WF0XXXGCDX8C1111'));
    const badRow = panel.getByRole('row').filter({ hasText: MESSAGES.records.vinInvalid });
    await badRow.waitFor();
    expect(await badRow.textContent()).toBe(`3vin${MESSAGES.records.vinInvalid}`);
    expect(await panel.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await screenshot(page, 'import-preview-bad-row');

    await choose(fileOf(registration, 'WF0XXXGCDX8C11111'));
    await panel.getByRole('button', { name: 'Import 3 rows' }).click();
    await panel.getByText(RECORD_IMPORT_MESSAGES.imported(3)).waitFor();

    await page.goto(`/vehicle-results?reg=${registration}`);
    await expect.poll(() => page.locator('article').count()).toBe(3);
    const oldest = (await page.locator('article').last().textContent()) ?? '';
    expect(oldest).toMatch(/Imported on \d{1,2} \w+ \d{4}, serviced on 2 April 2019/);
    await screenshot(page, 'import-shown-as-imported');
  });
});
