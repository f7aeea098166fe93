/**
 * "A garage logs a service": the demo garage signs in, logs a service through the three steps of /add-service,
 * lands on its dashboard with the record on top, the buyer sees it in the free lookup with the history intact,
 * and the garage's receipt arrives by e-mail with the log's signed checkpoint that covers it, which the dashboard's
 * receipt then shows too.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEVELOPMENT_LOG, MESSAGES } from '@sh/shared/contract';
import { decodeBase64, parseVerifierKey, verifyCheckpoint, verifyInclusion } from '@sh/shared/transparency-log';
import { restoreDemoGaragePassword, waitForCheckpointOf } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages } from './support/data.js';
import { linkIn, waitForMail } from './support/mail.js';

const demoGarage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
// A registration no seeded vehicle has, so the wizard asks for the VIN and the chain starts here.
const registration = `EJ${String(10 + (Date.now() % 80))}XWZ`;
const vin = 'WF0XXXGCDX8C12345';

const openPage = useBrowser();
beforeAll(async () => {
  await restoreDemoGaragePassword();
});

describe('a garage logs a service', () => {
  it('goes through the three steps, signs with its password, and sees the record on its dashboard and in the public lookup', async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    await page.getByRole('link', { name: 'Add Service History' }).first().click();
    await page.waitForURL('**/add-service');

    // Step 1: the registration, upper-cased as typed; nobody has recorded it, so the VIN is asked for.
    const plate = page.getByLabel('Registration number');
    await plate.pressSequentially(registration.toLowerCase());
    expect(await plate.inputValue()).toBe(registration);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the VIN, today's date locked, the mileage.
    const vinInput = page.getByLabel('VIN');
    await vinInput.waitFor();
    expect(await vinInput.inputValue()).toBe('');
    await vinInput.fill(vin);
    const serviceDate = page.getByLabel('Service date');
    expect(await serviceDate.getAttribute('readonly')).not.toBeNull();
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date());
    expect(await serviceDate.inputValue()).toContain(today);
    await page.getByLabel('Mileage').fill('48213');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: one category open, two items ticked, a note.
    await page.getByRole('button', { name: /General Maintenance & Repairs/ }).click();
    await page.getByLabel('Full Service').check();
    await page.getByLabel('Oil & Filter Change').check();
    await expect.poll(() => page.getByText('2 selected').count()).toBeGreaterThan(0);
    await page.getByLabel('Extra notes').fill('Front wipers replaced under warranty.');
    await screenshot(page, 'add-service-checklist');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    // The secure-submission dialog: an empty form is refused, then the full name and password sign the record.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit record' }).click();
    await expect.poll(() => dialog.getByText(MESSAGES.submit.fillAllFields).count()).toBeGreaterThan(0);
    await dialog.getByLabel('Full name').fill('Dan Hartley');
    await dialog.getByLabel('Account password').fill(seedAccounts.garage.password);
    await dialog.getByRole('button', { name: 'Submit record' }).click();

    await page.waitForURL('**/garage');
    await expect.poll(() => page.getByText(MESSAGES.submit.success).count()).toBe(1);
    const firstCard = page.locator('article.record-card').first();
    await expect.poll(() => firstCard.textContent()).toContain(registration);
    const card = (await firstCard.textContent()) ?? '';
    expect(card).toContain('48,213');
    expect(card).toContain('Full Service, Oil & Filter Change');
    await screenshot(page, 'add-service-dashboard');

    // The buyer sees it at once and, once the log's next checkpoint holds it, the browser verifies it.
    await waitForCheckpointOf(registration);
    await page.goto(`/vehicle-results?reg=${registration}`);
    await expect.poll(() => page.locator('article').count()).toBe(1);
    expect(await page.locator('article').first().textContent()).toContain('48,213 miles');
    await page
      .getByText(/^History verified in your browser: its 1 entry is in the public log’s signed checkpoint of/)
      .waitFor();
    await screenshot(page, 'add-service-public-results');

    // The receipt mail waits for the log's next checkpoint, and carries it, signed with the log's key, with the link
    // to the entry's inclusion proof in it.
    const receipt = await waitForMail(
      inject('inboxUrl'),
      demoGarage.email,
      new RegExp(`Service record receipt: ${registration}`),
    );
    expect(receipt.text).toContain(vin);
    const signed = /Signed checkpoint \(tree size (\d+)\):\n\n([^]*?\n\n\u2014 [^\n]+)\n/.exec(receipt.text);
    expect(signed).not.toBeNull();
    const checkpoint = await verifyCheckpoint(
      `${signed![2]}\n`,
      [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
      DEVELOPMENT_LOG.origin,
    );
    const proofLink = new URL(linkIn(receipt, '/api/v1/service-records/log/proof/inclusion'));
    expect(proofLink.searchParams.get('size')).toBe(String(checkpoint.size));
    const leaf = Number(proofLink.searchParams.get('leaf'));
    const proof = (
      (await (await fetch(`${inject('gatewayUrl')}${proofLink.pathname}${proofLink.search}`)).json()) as {
        data: { leafHash: string; hashes: string[] };
      }
    ).data;
    const bytes = (base64: string) => decodeBase64(base64)!;
    expect(
      await verifyInclusion(leaf, checkpoint.size, bytes(proof.leafHash), proof.hashes.map(bytes), checkpoint.rootHash),
    ).toBe(true);

    // Opened on the dashboard, the record's receipt shows that checkpoint and links to the same proof.
    await page.goto('/garage');
    const newest = page.locator('article.record-card').first();
    await expect.poll(() => newest.textContent()).toContain(registration);
    await newest.getByRole('button', { name: 'Receipt' }).click();
    const proofOnPage = newest.getByRole('link', { name: 'Inclusion proof of this entry' });
    await proofOnPage.waitFor();
    expect(await proofOnPage.getAttribute('href')).toBe(`${proofLink.pathname}${proofLink.search}`);
    expect(await newest.locator('pre.receipt__note').textContent()).toBe(`${signed![2]}\n`);
    await screenshot(page, 'add-service-receipt-checkpoint');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the entries and says so when the password is wrong, and stores nothing', async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    await page.goto('/add-service');
    const wrongPlate = `EK${String(10 + (Date.now() % 80))}YWZ`;
    await page.getByLabel('Registration number').fill(wrongPlate);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('VIN').fill(vin);
    await page.getByLabel('Mileage').fill('1000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /Brakes & Suspension/ }).click();
    await page.getByLabel('Brake Fluid Change').check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Dan Hartley');
    await dialog.getByLabel('Account password').fill('NotThePassword1');
    await dialog.getByRole('button', { name: 'Submit record' }).click();
    await expect.poll(() => page.getByText(MESSAGES.submit.passwordMismatch).count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/add-service');
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Dan Hartley');

    const lookup = (await (
      await fetch(`${inject('gatewayUrl')}/api/v1/service-records/lookup/${wrongPlate}`)
    ).json()) as {
      data: { serviceRecords: unknown[] };
    };
    expect(lookup.data.serviceRecords).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
