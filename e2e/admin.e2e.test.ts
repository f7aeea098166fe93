/**
 * The admin: signs in, lands on /admin with the three cards, finds a vehicle's records in /admin/records, amends one
 * (its history and the public results page show it, the garage is told by e-mail) and withdraws another (the public
 * lookup no longer lists it, and the vehicle's chain still verifies). It erases another vehicle's notes for good (the
 * public results page no longer shows them, the chain still verifies, the audit lists it). It releases the company
 * number held by a signup that never confirmed its e-mail. The admin pages also work at 375 px and by keyboard.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ERASURE_MESSAGES,
  MESSAGES,
  type TAdminDataResponse,
  type TLookupResponse,
  type TVerifyChainResponse,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { logInThroughApi, registerGarage } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages, seedVehicles, unregisteredCompanies } from './support/data.js';
import { waitForMail } from './support/mail.js';

// A vehicle no other journey reads, with a few records, all from garages that are still listed.
const USED_ELSEWHERE = new Set(['AD61HCX', 'AM74EEB', 'CO15GRV', 'WE19UAD', 'CS14HHR', 'CW15XGX', 'LA12OYC']);
const vehicle = seedVehicles.find(
  (v) => v.records.length >= 4 && !USED_ELSEWHERE.has(v.registration) && !/^MX/.test(v.registration),
)!;
const reason = `Notes corrected at the garage's request ${Date.now() % 100_000}`;
const withdrawalReason = 'Logged twice by mistake';
// For the erasure, a vehicle from the end of the data (the fuzz asks for the first ones), with notes no other of its
// records repeats, so that their absence afterwards says they went.
const erasedVehicle = [...seedVehicles]
  .reverse()
  .find(
    (v) =>
      v !== vehicle &&
      !USED_ELSEWHERE.has(v.registration) &&
      !/^MX/.test(v.registration) &&
      v.records.some((r) => isOwnNotes(v, r.notes)),
  )!;
const erasedRecord = erasedVehicle.records.find((r) => isOwnNotes(erasedVehicle, r.notes))!;
const erasedNotes = erasedRecord.notes!;
const erasureReason = `The customer asked for these notes to be removed ${Date.now() % 100_000}`;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** Whether these notes are set and no other record of the vehicle has the same. */
function isOwnNotes(v: (typeof seedVehicles)[number], notes: string | null): boolean {
  return notes !== null && v.records.filter((r) => r.notes === notes).length === 1;
}

const openPage = useBrowser();
let adminToken: string;
beforeAll(async () => {
  adminToken = (await logInThroughApi(seedAccounts.admin.email, seedAccounts.admin.password)).token;
});

async function getJson<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("the admin's journey", () => {
  it('signs in to the overview with the three cards, then amends one record and withdraws another from the record manager', async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, seedAccounts.admin.email, seedAccounts.admin.password);
    await page.waitForURL('**/admin');

    // The cards show what admin/data counts: the seed's garages and records, and whatever the journeys before added.
    const { data } = await getJson<TAdminDataResponse>('/admin/data?limit=1', adminToken);
    expect(data.totals.garages).toBeGreaterThanOrEqual(seedGarages.length);
    expect(data.totals.serviceRecords).toBeGreaterThanOrEqual(seedVehicles.reduce((n, v) => n + v.records.length, 0));
    const cards = page.getByRole('list', { name: 'Totals' });
    await cards.getByText(data.totals.serviceRecords.toLocaleString('en-GB')).waitFor();
    for (const [label, value] of [
      ['Total garages', data.totals.garages],
      ['Service records', data.totals.serviceRecords],
      ['Active subscriptions', data.totals.activeSubscriptions],
    ] as const) {
      const card = cards.getByRole('listitem').filter({ hasText: label });
      expect(await card.textContent()).toContain(value.toLocaleString('en-GB'));
    }
    // The live status: every service and Redis checked, in plain words.
    await page.getByText(ADMIN_ACTION_MESSAGES.allOperational).first().waitFor();
    await screenshot(page, 'admin-overview');

    // The record manager: the registration is upper-cased as typed; the vehicle's records come newest first.
    await page.goto('/admin/records');
    const box = page.getByLabel('Registration number');
    await box.pressSequentially(vehicle.registration.toLowerCase());
    expect(await box.inputValue()).toBe(vehicle.registration);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`${vehicle.records.length} records found, newest first`).waitFor();

    // Amend the newest record's notes, with a reason.
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit service record' });
    expect(await edit.getByLabel('Registration').inputValue()).toBe(vehicle.registration);
    expect(await edit.getByLabel('Registration').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Notes').fill('Rear brake discs and pads replaced; handbrake adjusted.');
    await edit.getByRole('button', { name: 'Save amendment' }).click();
    await expect.poll(() => edit.getByText(ADMIN_ACTION_MESSAGES.reasonRequired).count()).toBeGreaterThan(0);
    await edit.getByLabel('Reason for the change').fill(reason);
    await edit.getByRole('button', { name: 'Save amendment' }).click();
    await edit.waitFor({ state: 'hidden' });
    // The record's history shows the amendment: why, and the notes before and after.
    await page.getByText(reason).first().waitFor();
    await page.getByText('Rear brake discs and pads replaced; handbrake adjusted.').first().waitFor();
    await screenshot(page, 'admin-records-amended');

    // Withdraw the oldest record, confirming with a reason.
    await page
      .getByRole('button', { name: /^Delete / })
      .last()
      .click();
    const withdraw = page.getByRole('dialog', { name: 'Delete service record' });
    await withdraw.getByLabel('Reason for deleting').fill(withdrawalReason);
    await withdraw.getByRole('button', { name: 'Delete record' }).click();
    await withdraw.waitFor({ state: 'hidden' });
    await page.getByText(withdrawalReason).first().waitFor();
    expect(errors).toEqual([]);

    // The public side: the amendment is shown on the results page, the withdrawn record is gone, the chain is intact.
    const lookup = await getJson<TLookupResponse>(`/service-records/lookup/${vehicle.registration}`);
    expect(lookup.data.serviceRecords).toHaveLength(vehicle.records.length - 1);
    const amended = lookup.data.serviceRecords.find((r) => r.amendments.length > 0)!;
    expect(amended.notes).toBe('Rear brake discs and pads replaced; handbrake adjusted.');
    expect(amended.amendments).toEqual([{ amended_at: expect.any(String), reason }]);
    const verify = await getJson<TVerifyChainResponse>(`/service-records/verify/${vehicle.registration}`);
    expect(verify.data).toMatchObject({ valid: true, brokenAt: null, length: vehicle.records.length + 2 });
    expect(
      verify.data.entries
        .map((entry) => entry.kind)
        .slice(-2)
        .sort(),
    ).toEqual(['amendment', 'withdrawal']);

    const visitor = await context
      .browser()!
      .newContext({ baseURL: inject('gatewayUrl'), locale: 'en-GB', timezoneId: 'Europe/London' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/vehicle-results?reg=${vehicle.registration}`);
    await publicPage
      .getByText(`Amended on ${longDate(amended.amendments[0]!.amended_at)} by the platform: ${reason}`)
      .waitFor();
    expect(await publicPage.getByText(withdrawalReason).count()).toBe(0);
    // The visitor's browser binds the amended record to its entry and its amendment, the withdrawn one to its withdrawal.
    await publicPage.getByText(/^History verified in your browser:/).waitFor();
    expect(await publicPage.getByRole('alert').count()).toBe(0);
    await screenshot(publicPage, 'results-amended');
    await visitor.close();

    // The garage whose record was changed is told, with the reason.
    const garage = seedGarages.find((g) => g.id === amended.garage_id)!;
    const mail = await waitForMail(inject('inboxUrl'), garage.email, new RegExp(`${vehicle.registration} was amended`));
    expect(mail.text).toContain(reason);
    await context.close();
  });

  it("erases a record's notes with a reason: the public results page no longer shows them, and the audit lists it", async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, seedAccounts.admin.email, seedAccounts.admin.password);
    await page.waitForURL('**/admin');
    await page.goto(`/admin/records?reg=${erasedVehicle.registration}`);
    const card = page.getByRole('article').filter({ hasText: erasedNotes });

    // By keyboard: the dialog takes the focus on its first choice, the notes, which shows what will go.
    // Found by its name from here on: the card is found by the notes, which are about to go.
    const eraseLabel = (await card.getByRole('button', { name: /^Erase data from / }).getAttribute('aria-label'))!;
    const erase = page.getByRole('button', { name: eraseLabel, exact: true });
    await erase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    const notesChoice = dialog.getByRole('checkbox', { name: 'Notes' });
    await expect.poll(() => notesChoice.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await dialog.getByText(erasedNotes).count()).toBe(1);
    await page.keyboard.press('Space');
    expect(await notesChoice.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await expect.poll(() => dialog.getByText(ADMIN_ACTION_MESSAGES.reasonRequired).count()).toBe(1);
    await dialog.getByLabel('Reason for erasing').fill(erasureReason);
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await screenshot(page, 'admin-erase-dialog', { isViewportOnly: true });
    // On a phone the dialog fits the screen's width: nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await screenshot(page, 'admin-erase-dialog-390', { isViewportOnly: true });
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshot(page, 'admin-erase-dialog-390-end', { isViewportOnly: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(ERASURE_MESSAGES.recordErased).waitFor();
    expect(await page.getByText(erasedNotes).count()).toBe(0);
    expect(await erase.evaluate((button) => button === document.activeElement)).toBe(true);

    // The public side: the notes are gone from the lookup and the results page; the chain still verifies.
    const lookup = await getJson<TLookupResponse>(`/service-records/lookup/${erasedVehicle.registration}`);
    expect(lookup.data.serviceRecords.find((r) => r.id === erasedRecord.id)?.notes).toBeNull();
    expect(JSON.stringify(lookup)).not.toContain(erasedNotes);
    const verify = await getJson<TVerifyChainResponse>(`/service-records/verify/${erasedVehicle.registration}`);
    expect(verify.data).toMatchObject({ valid: true, brokenAt: null });
    const visitor = await context
      .browser()!
      .newContext({ baseURL: inject('gatewayUrl'), locale: 'en-GB', timezoneId: 'Europe/London' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/vehicle-results?reg=${erasedVehicle.registration}`);
    await expect.poll(() => publicPage.locator('article:not(.mot-card)').count()).toBe(erasedVehicle.records.length);
    expect(await publicPage.locator('body').textContent()).not.toContain(erasedNotes);
    await visitor.close();

    // The audit lists the erasure, with the registration and the reason.
    await page.goto('/admin');
    const audit = page.getByRole('table', { name: 'Recent admin actions, newest first' });
    const row = audit.getByRole('row').filter({ hasText: erasureReason });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      seedAccounts.admin.email,
      'Erased personal data from a service record',
      erasedVehicle.registration,
      erasureReason,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('releases the company number of a signup that never confirmed its e-mail, and the garage is told', async () => {
    const company = unregisteredCompanies[7]!;
    const email = `squatter.${Date.now()}@example.co.uk`;
    await registerGarage(7, email, 'Squatter2026');
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, seedAccounts.admin.email, seedAccounts.admin.password);
    await page.waitForURL('**/admin');
    await page.goto('/admin?view=garages');
    await page.getByLabel('Search garages').fill(company.company_number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const release = page.getByRole('button', { name: /^Release company number of / });
    await release.click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(company.company_number);
    await screenshot(page, 'admin-release-company');
    await dialog.getByRole('button', { name: 'Release company number' }).click();
    await expect.poll(() => page.getByText(MESSAGES.garages.companyReleased).count()).toBeGreaterThan(0);
    expect(await release.count()).toBe(0);

    // The number is free: the garage (still found by the number it once held) holds none, and was told by e-mail.
    const after = await getJson<TAdminDataResponse>(
      `/admin/data?only=garages&garages_q=${company.company_number}`,
      adminToken,
    );
    expect(after.data.garages.map((garage) => [garage.email, garage.companies_house_number])).toEqual([[email, null]]);
    const mail = await waitForMail(
      inject('inboxUrl'),
      email,
      new RegExp(`no longer holds company ${company.company_number}`),
    );
    expect(mail.text).toContain(company.company_number);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the admin pages usable at 375 px and by keyboard', async () => {
    const { context, page, errors } = await openPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await logInThroughPage(page, seedAccounts.admin.email, seedAccounts.admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('list', { name: 'Totals' }).waitFor();
    for (const view of ['overview', 'garages', 'records']) {
      await page.goto(`/admin?view=${view}`);
      await page.waitForLoadState('networkidle');
      // Wide tables scroll inside their frame; the page itself never gets wider than the screen.
      expect({ view, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
        view,
        width: 375,
      });
      await screenshot(page, `admin-${view}-375`);
    }
    // A suspension dialog opened from the keyboard closes on Escape and gives focus back to its button.
    const suspend = page.getByRole('button', { name: /^Suspend / }).first();
    await page.goto('/admin?view=garages');
    await suspend.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await suspend.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
