/**
 * A garage's team (docs/product.md#the-garages-team), through the whole platform: the owner (the demo garage) invites
 * a technician, who accepts from the mail, signs in, logs a service with their own password and is named on the
 * public page; everything owner-only answers the technician 403; a removal ends the technician's session at once. Then
 * the same in headless Chromium.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATIONS, TEAM_MESSAGES, type TOperation } from '@sh/shared/contract';
import { logInThroughApi, restoreDemoGaragePassword } from './support/api.js';
import { logInThroughPage, screenshot, useBrowser } from './support/browser.js';
import { seedAccounts, seedGarages } from './support/data.js';
import { linkIn, waitForMail } from './support/mail.js';

const demoGarage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id)!;
const stamp = Date.now();

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The token of the invitation mailed to this address, as the technician's link carries it. */
async function invitationToken(email: string): Promise<string> {
  const mail = await waitForMail(inject('inboxUrl'), email, /invited to join a garage/);
  return new URL(linkIn(mail, '/accept-invite')).searchParams.get('token')!;
}

const record = (registration: string, password: string) => ({
  vin: 'WF0XXXGCDX8C54321',
  vehicle_registration: registration,
  mileage: 23456,
  service_type: 'Oil & Filter Change',
  notes: null,
  full_name: 'Somebody Else',
  password,
});

/** A path for an operation with its parameters filled with an unknown id. */
const pathOf = (op: TOperation) => op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

beforeAll(async () => {
  await restoreDemoGaragePassword();
});

describe("a garage's technicians, through the API", () => {
  it('an owner invites a technician, who accepts, signs in, logs a service with their own password and is named on the public page; owner-only calls are 403 to them; a removal makes their next call 401', async () => {
    const owner = await logInThroughApi(demoGarage.email, seedAccounts.garage.password);
    const email = `tech.api.${stamp}@example.co.uk`;
    const invited = await call('POST', '/garage-team/invitations', owner.token, { email, name: 'Rhys Price' });
    expect(invited.status).toBe(201);
    // The same address again is refused, and changes nothing.
    expect((await call('POST', '/garage-team/invitations', owner.token, { email, name: 'Rhys Price' })).status).toBe(
      409,
    );

    const token = await invitationToken(email);
    const accepted = await call('POST', '/garage-team/invitations/accept', null, { token, password: 'Spanner2026' });
    expect(accepted.status).toBe(200);
    // The link works once.
    expect(
      (await call('POST', '/garage-team/invitations/accept', null, { token, password: 'Spanner2026' })).status,
    ).toBe(400);

    const technician = await logInThroughApi(email, 'Spanner2026');
    const me = (await (await call('GET', '/auth/me', technician.token)).json()) as { data: { userType: string } };
    expect(me.data.userType).toBe('technician');

    // The garage's password does not sign for the technician; their own does, and the record names them.
    const registration = `TK${String(10 + (stamp % 80))}API`;
    const withOwners = await call('POST', '/service-records', technician.token, {
      ...record(registration, seedAccounts.garage.password),
    });
    expect(withOwners.status).toBe(401);
    const created = await call('POST', '/service-records', technician.token, record(registration, 'Spanner2026'));
    expect(created.status).toBe(201);
    const lookup = (await (await call('GET', `/service-records/lookup/${registration}`, null)).json()) as {
      data: { serviceRecords: { technician_name: string | null; garage_name: string }[] };
    };
    expect(lookup.data.serviceRecords.map((r) => r.technician_name)).toEqual(['Rhys Price']);
    // The signer is sealed in the record's chain entry, disclosed as the log shows it.
    const chain = await (await call('GET', `/service-records/verify/${registration}`, null)).text();
    expect(chain).toContain('Rhys Price');
    expect(chain).not.toContain('Somebody Else');
    // The garage's records are the technician's to read.
    const mine = (await (await call('GET', '/service-records/mine?limit=5', technician.token)).json()) as {
      data: { serviceRecords: { vehicle_registration: string }[] };
    };
    expect(mine.data.serviceRecords.map((r) => r.vehicle_registration)).toContain(registration);

    // Billing, invitations, the team, and every other owner-only call ('garage': API keys too, once they exist).
    expect((await call('POST', '/billing/portal', technician.token)).status).toBe(403);
    expect((await call('GET', '/billing/subscription', technician.token)).status).toBe(403);
    expect(
      (
        await call('POST', '/garage-team/invitations', technician.token, {
          email: `tech.other.${stamp}@example.co.uk`,
          name: 'Other',
        })
      ).status,
    ).toBe(403);
    const ownerOnly = OPERATIONS.filter((op) => op.auth === 'garage');
    expect(ownerOnly.length).toBeGreaterThan(8);
    for (const op of ownerOnly) {
      const status = (await call(op.method.toUpperCase(), pathOf(op), technician.token, op.body ? {} : undefined))
        .status;
      expect({ operation: `${op.method} ${op.path}`, status }).toEqual({
        operation: `${op.method} ${op.path}`,
        status: 403,
      });
    }

    // The owner sees them, removes them, and their very next call is 401; their sign-in is gone too.
    const team = (await (await call('GET', '/garage-team', owner.token)).json()) as {
      data: { members: { id: string; email: string; status: string }[] };
    };
    const member = team.data.members.find((m) => m.email === email)!;
    expect(member.status).toBe('active');
    const removed = await call('DELETE', `/garage-team/${member.id}`, owner.token);
    expect(removed.status).toBe(200);
    expect((await call('GET', '/service-records/mine', technician.token)).status).toBe(401);
    expect((await call('GET', '/auth/me', technician.token)).status).toBe(401);
    expect((await call('POST', '/auth/login', null, { email, password: 'Spanner2026' })).status).toBe(401);
  });
});

describe("a garage's technicians, in headless Chromium", () => {
  const openPage = useBrowser();

  it('the owner invites a technician and sees them listed; the technician accepts, signs in, logs a service and is named on the public page', async () => {
    const { page } = await openPage();
    await logInThroughPage(page, demoGarage.email, seedAccounts.garage.password);
    await page.waitForURL('**/garage');
    const email = `tech.web.${stamp}@example.co.uk`;
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByLabel("Technician's name").fill('Nia Evans');
    await team.getByLabel("Technician's email").fill(email);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await team.getByText(TEAM_MESSAGES.invitationSent).waitFor();
    await team.getByRole('list', { name: 'Technicians' }).getByText(email).waitFor();
    expect(await team.getByRole('list', { name: 'Technicians' }).textContent()).toContain('Nia Evans');
    await screenshot(page, 'team-invited');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The technician follows the mailed link and chooses a password.
    const token = await invitationToken(email);
    await page.goto(`/accept-invite?token=${token}`);
    await page.getByLabel('Password', { exact: true }).fill('Wrench2026');
    await page.getByRole('button', { name: 'Join the garage' }).click();
    await page.getByText(TEAM_MESSAGES.invitationAccepted).waitFor();

    await logInThroughPage(page, email, 'Wrench2026');
    await page.waitForURL('**/garage');
    // The owner's controls are not shown to a technician.
    await page.getByRole('heading', { name: 'Service records', exact: false }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Team' }).count()).toBe(0);
    expect(await page.getByText('Export your records', { exact: false }).count()).toBe(0);

    const registration = `TK${String(10 + (stamp % 80))}WEB`;
    await page.getByRole('link', { name: 'Add Service History' }).first().click();
    await page.waitForURL('**/add-service');
    await page.getByLabel('Registration number').pressSequentially(registration);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('VIN').fill('WF0XXXGCDX8C67890');
    await page.getByLabel('Mileage').fill('31000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /General Maintenance & Repairs/ }).click();
    await page.getByLabel('Oil & Filter Change').check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Nia Evans');
    await dialog.getByLabel('Account password').fill('Wrench2026');
    await dialog.getByRole('button', { name: 'Submit record' }).click();

    // The dashboard is really shown: the wizard and its dialog are gone, the record is on top.
    await page.waitForURL('**/garage');
    await page.getByRole('heading', { name: 'Your garage' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Add Service History' }).count()).toBe(0);
    await expect.poll(() => page.locator('article.record-card').first().textContent()).toContain(registration);
    await screenshot(page, 'team-technician-dashboard');

    await page.goto(`/vehicle-results?reg=${registration}`);
    await expect.poll(() => page.locator('article').count()).toBe(1);
    const card = (await page.locator('article').first().textContent()) ?? '';
    expect(card).toMatch(/Technician:?\s*Nia Evans/);
  });
});
