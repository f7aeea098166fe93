/**
 * Two-step verification in the browser: the demo admin turns TOTP on from /account (reading the setup key from the
 * page, as someone who cannot scan the QR code would), signs out, signs in with the password and then a code, and
 * reaches /admin; a wrong code is said under the field and the page stays. The admin then turns it off again with
 * the password and a recovery code, so the other journeys find the demo admin signing in with a password alone, as
 * development allows (and, should this journey stop half-way, afterAll removes the enrolment from identity's table).
 */
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@sh/shared/contract';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts } from './support/data.js';

const openPage = useBrowser();
const admin = seedAccounts.admin;

/** The code an authenticator app shows for the secret at `atMs`. */
function codeAt(secret: string, atMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: atMs,
  });
}

afterAll(async () => {
  const client = new pg.Client({ connectionString: inject('identityDatabaseUrl') });
  await client.connect();
  try {
    await client.query('DELETE FROM user_second_factors WHERE user_id = (SELECT id FROM users WHERE email = $1)', [
      admin.email,
    ]);
  } finally {
    await client.end();
  }
});

describe('two-step verification', () => {
  it('the demo admin turns it on from /account, then signs in with password and code to /admin', async () => {
    const { context, page, errors } = await openPage();
    await logInThroughPage(page, admin.email, admin.password);
    await page.waitForURL('**/admin');

    // Enrol: the QR code, and the setup key beside it as text.
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByRole('button', { name: 'Manage two-step verification' }).click();
    await section.getByText(MESSAGES.secondFactor.disabled).waitFor();
    await section.getByRole('button', { name: 'Set up two-step verification' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = ((await section.locator('.second-factor-enrolment__key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const codeField = section.getByLabel('Authentication code');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await screenshot(page, 'second-factor-enrol');
    const enrolledAt = Date.now();
    await codeField.fill(codeAt(secret, enrolledAt));
    await section.getByRole('button', { name: 'Turn on' }).click();

    // The recovery codes, shown this once.
    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    const recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await section.getByText('They will not be shown again.').waitFor();
    await screenshot(page, 'second-factor-recovery-codes');
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await section.getByText('Two-step verification is on. You have 10 unused recovery codes.').waitFor();

    // Sign out, and in again: the password, then the code, typed and sent from the keyboard.
    await page.locator('.user-menu__toggle').hover();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await logInThroughPage(page, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const loginCode = page.getByLabel('Authentication code');
    await expect.poll(() => loginCode.evaluate((element) => element === document.activeElement)).toBe(true);
    // A code of the step after the enrolment's: the enrolment's own code is spent.
    const rightCode = codeAt(secret, enrolledAt + 30_000);
    const wrongCode = `${(Number(rightCode[0]) + 1) % 10}${rightCode.slice(1)}`;
    await page.keyboard.type(wrongCode);
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.secondFactor.codeIncorrect).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await loginCode.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'second-factor-login-wrong-code');
    await loginCode.fill(rightCode);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin');

    // Off again, with the password and a recovery code, as the other journeys expect the demo admin.
    await page.goto('/account');
    await section.getByRole('button', { name: 'Manage two-step verification' }).click();
    await section.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await section.getByLabel('Current password').fill(admin.password);
    await section.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await screenshot(page, 'second-factor-turn-off');
    await section.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await section.getByText(MESSAGES.secondFactor.disabled).waitFor();
    await section.getByRole('button', { name: 'Set up two-step verification' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
