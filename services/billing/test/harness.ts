import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  LOCAL_PRICE_ID,
  LOCAL_PRODUCT_ID,
  startStripeDouble,
  type StripeDouble,
} from '@sh/doubles/src/stripe/index.js';
import type { TEventPayload } from '@sh/shared/contract';
import { signAccessToken, type TAuthClaims } from '@sh/shared/server';
import {
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  testLogger,
  type TestDatabase,
  callJson,
} from '@sh/shared/testing';
import { buildBillingApp } from '../src/app.js';
import { readConfig, type BillingConfig } from '../src/config.js';
import { createBillingEventHandlers } from '../src/events/handlers.js';
import { createStripeClient } from '../src/stripe/create-stripe-client.js';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../migrations');
export const PUBLIC_URL = 'http://localhost:8080';
export const WEBHOOK_SECRET = 'whsec_billing_suite_secret';
export const SUCCESS_URL = `${PUBLIC_URL}/checkout-success?session_id={CHECKOUT_SESSION_ID}`;
export const CANCEL_URL = `${PUBLIC_URL}/checkout?price_id=${LOCAL_PRICE_ID}&canceled=true`;
export { LOCAL_PRICE_ID, LOCAL_PRODUCT_ID };

/** Billing on a throwaway database, its real stripe SDK pointed at a real local Stripe double, and a token signer. */
export interface BillingHarness {
  db: TestDatabase;
  double: StripeDouble;
  url: string;
  config: BillingConfig;
  tokenFor(claims: Partial<TAuthClaims> & { sub: string }): string;
  close(): Promise<void>;
}

/** `seedFile`: the double starts with the seeded subscriptions of those garages (data/seed/garages.json). */
export async function startBillingHarness(options: { seedFile?: string } = {}): Promise<BillingHarness> {
  const db = await createTestDatabase('billing', MIGRATIONS_DIR);
  const keys = createTestKeyPair();
  const double = await startStripeDouble({
    port: 0,
    webhookSecret: WEBHOOK_SECRET,
    retryDelayMs: 50,
    seedFile: options.seedFile,
  });
  const config = readConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_billing_suite',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: double.host,
    STRIPE_API_PORT: String(double.port),
    STRIPE_API_PROTOCOL: 'http',
  });
  const app = buildBillingApp({ pool: db.pool, logger: testLogger, stripe: createStripeClient(config), config });
  const server = await listenForTest(app);
  double.setWebhookUrl(`${server.url}/api/v1/stripe/webhook`);
  return {
    db,
    double,
    url: server.url,
    config,
    tokenFor: (claims) =>
      signAccessToken(keys.privateKey, { role: 'garage', email: `${claims.sub.slice(0, 8)}@garage.test`, ...claims }),
    async close() {
      await double.settled();
      await double.close();
      await server.close();
      await db.drop();
    },
  };
}

/** Billing's event handlers, their Stripe client pointed at the harness's double (as main.ts builds them). */
export function billingEventHandlers(harness: BillingHarness) {
  return createBillingEventHandlers({ stripe: createStripeClient(harness.config) });
}

/**
 * A garage of its own for one test: id, e-mail and bearer token. Its e-mail counts as confirmed (billing heard
 * user.email_confirmed) unless `emailConfirmed` is false.
 */
export async function newGarage(harness: BillingHarness, options: { emailConfirmed?: boolean } = {}) {
  const id = randomUUID();
  const email = `garage-${id.slice(0, 8)}@hartley-motors.test`;
  if (options.emailConfirmed !== false) {
    await harness.db.pool.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [id]);
  }
  return { id, email, token: harness.tokenFor({ sub: id, email, role: 'garage' }) };
}

export type TestGarage = Awaited<ReturnType<typeof newGarage>>;

/** Calls billing; answers the HTTP status and the parsed body. */
export function call(
  harness: BillingHarness,
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: unknown } = {},
) {
  return callJson(harness.url, method, pathAndQuery, options);
}

/** The request body the checkout page sends. */
export function checkoutRequest(garage: TestGarage, overrides: Record<string, unknown> = {}) {
  return {
    price_id: LOCAL_PRICE_ID,
    mode: 'subscription',
    customerEmail: garage.email,
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    ...overrides,
  };
}

/** Starts checkout through billing and answers the hosted page's URL and the session id. */
export async function startCheckout(
  harness: BillingHarness,
  garage: TestGarage,
): Promise<{ url: string; sessionId: string }> {
  const { status, body } = await call(harness, 'POST', '/api/v1/stripe/create-checkout-session', {
    token: garage.token,
    body: checkoutRequest(garage),
  });
  if (status !== 200) throw new Error(`checkout answered ${status}: ${JSON.stringify(body)}`);
  const url = (body.data as { url: string }).url;
  return { url, sessionId: url.split('/').at(-1)! };
}

/** Pays on the double's hosted page as a browser would post the form. */
export async function payOnHostedPage(checkoutUrl: string, cardNumber = '4242 4242 4242 4242'): Promise<Response> {
  return fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123', cardholderName: 'Sam Hartley' }),
  });
}

/** Checkout and payment for a garage, with every webhook delivered; answers the Stripe subscription id. */
export async function subscribeGarage(harness: BillingHarness, garage: TestGarage): Promise<string> {
  const { url, sessionId } = await startCheckout(harness, garage);
  const paid = await payOnHostedPage(url);
  if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
  await harness.double.settled();
  const subscription = harness.double.state.checkoutSession(sessionId).subscription;
  if (!subscription) throw new Error('the double made no subscription');
  return subscription;
}

/** Moves a subscription on at the double (control API), answering the ids of the events it sent. */
export async function advance(
  harness: BillingHarness,
  subscriptionId: string,
  to: string,
): Promise<Array<{ id: string; type: string }>> {
  const response = await fetch(`${harness.double.url}/_control/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  if (response.status !== 200) throw new Error(`advance answered ${response.status}`);
  return ((await response.json()) as { data: { events: Array<{ id: string; type: string }> } }).data.events;
}

type ChangedPayload = TEventPayload<'subscription.changed'>;

/** The subscription.changed events billing wrote to its outbox for a garage, oldest first. */
export async function changesFor(harness: BillingHarness, garageId: string): Promise<ChangedPayload[]> {
  const { rows } = await harness.db.pool.query<{ payload: ChangedPayload }>(
    `SELECT payload FROM event_outbox WHERE name = 'subscription.changed' AND payload->>'garageId' = $1 ORDER BY occurred_at, id`,
    [garageId],
  );
  return rows.map((r) => r.payload);
}
