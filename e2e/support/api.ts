/** Calls the journeys make through the gateway's public API, as the SPA would. */
import pg from 'pg';
import { expect, inject } from 'vitest';
import { databaseUrl } from '@sh/shared/launcher';
import { seedAccounts, tradingName, unregisteredCompanies } from './data.js';
import { linkIn, waitForMail } from './mail.js';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Registers a garage for one of the unregistered fixture companies, as the signup page does. */
export async function registerGarage(companyIndex: number, email: string, password: string): Promise<void> {
  const company = unregisteredCompanies[companyIndex]!;
  const validated = await post('/companies/validate', {
    companyNumber: company.company_number,
    companyName: tradingName(company),
  });
  expect(validated.status).toBe(200);
  const { data } = (await validated.json()) as { data: { verificationToken: string } };
  const created = await post('/garages', {
    name: tradingName(company),
    email,
    phone: '01632960777',
    address: '3 Quay Street, Swansea, SA1 1AA',
    companies_house_number: company.company_number,
    full_name: 'Carys Morgan',
    password,
    referral_code: null,
    company_verification_token: data.verificationToken,
  });
  expect(created.status).toBe(201);
}

/** Signs in through the API; answers the access token and the user's id. */
export async function logInThroughApi(email: string, password: string): Promise<{ token: string; id: string }> {
  const response = await post('/auth/login', { email, password });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { session: { access_token: string; user: { id: string } } } };
  return { token: data.session.access_token, id: data.session.user.id };
}

/** Another journey resets the demo garage's password: the admin puts the documented one back. */
export async function restoreDemoGaragePassword(): Promise<void> {
  const admin = await logInThroughApi(seedAccounts.admin.email, seedAccounts.admin.password);
  const reset = await fetch(`${inject('gatewayUrl')}/api/v1/users/password/${seedAccounts.garage.garage_id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({
      password: seedAccounts.garage.password,
      reason: 'e2e: the demo garage gets its documented password back',
    }),
  });
  expect(reset.status).toBe(200);
}

/**
 * Follows the confirmation link mailed to a new garage, as its owner would, and waits until billing and records
 * have heard of it (they refuse checkout and new records until then).
 */
export async function confirmEmailFromMail(email: string, userId: string): Promise<void> {
  const token = new URL(await confirmationLinkFor(email)).searchParams.get('token');
  expect((await post('/users/confirm-email', { token })).status).toBe(200);
  await waitUntilConfirmationHeard(email, userId);
}

/** The confirmation link mailed to a new garage, as its owner finds it in the inbox. */
export async function confirmationLinkFor(email: string): Promise<string> {
  return linkIn(await waitForMail(inject('inboxUrl'), email, /confirm/i), '/confirm-email');
}

/**
 * Waits until billing and records have heard that identity confirmed the account's e-mail (user.email_confirmed):
 * they refuse checkout and new records until then (docs/product.md#the-road-from-signup-to-paying).
 */
export async function waitUntilConfirmationHeard(email: string, userId: string): Promise<void> {
  for (const service of ['billing', 'records']) {
    const client = new pg.Client({ connectionString: databaseUrl(inject('postgresUrl'), `sh_${service}_e2e_test`) });
    await client.connect();
    try {
      // A plain loop, not expect.poll: this also runs in beforeAll hooks.
      const deadline = Date.now() + 15_000;
      while ((await client.query('SELECT 1 FROM email_confirmations WHERE user_id = $1', [userId])).rowCount !== 1) {
        if (Date.now() > deadline) throw new Error(`${service} never heard that ${email} was confirmed`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
  }
}

/**
 * Waits (polling the public API, not the clock) until the log's latest checkpoint holds every entry of the
 * registration: the journeys' stack signs one within 0.2 s of the log growing (LOG_CHECKPOINT_INTERVAL_MS).
 */
export async function waitForCheckpointOf(registration: string): Promise<void> {
  const get = async (path: string) => fetch(`${inject('gatewayUrl')}/api/v1/service-records/${path}`);
  await expect
    .poll(
      async () => {
        const checkpoint = await get('log/checkpoint');
        const chain = await get(`verify/${registration}`);
        if (checkpoint.status !== 200 || chain.status !== 200) return false;
        const { treeSize } = ((await checkpoint.json()) as { data: { treeSize: number } }).data;
        const { entries } = ((await chain.json()) as { data: { entries: Array<{ leaf_index: number | null }> } }).data;
        return entries.length > 0 && entries.every((entry) => entry.leaf_index !== null && entry.leaf_index < treeSize);
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}
