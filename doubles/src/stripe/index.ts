import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiHandler } from './api.js';
import { nowSeconds } from './calendar.js';
import { DEFAULT_CATALOGUE, LOCAL_WEBHOOK_SECRET } from './catalogue.js';
import { createControlApi } from './control.js';
import { createHostedPages } from './hosted.js';
import { readBody, sendHtml, sendJson } from './http.js';
import { StripeApiError } from './objects.js';
import { notFoundPage } from './pages.js';
import { createStateFileWriter, lockStateFile, readStateFile, type StateFileWriter } from './persistence.js';
import { seedSubscriptionsFor, type SeedGarage } from './seed-subscriptions.js';
import { StripeState, type CatalogueEntry } from './state.js';
import { WebhookSender } from './webhooks.js';

export { signPayload } from './webhooks.js';
export { DEFAULT_CATALOGUE, LOCAL_PRICE_ID, LOCAL_PRODUCT_ID, LOCAL_WEBHOOK_SECRET } from './catalogue.js';
export { seedSubscriptionsFor, seedIdSuffix, type SeedGarage, type SeedSubscription } from './seed-subscriptions.js';
export type { CatalogueEntry, AdvanceTarget } from './state.js';
export type { EventObject, SubscriptionObject, CheckoutSessionObject } from './objects.js';

export interface StripeDoubleOptions {
  port?: number;
  host?: string;
  /** Where signed webhooks go; null or unset keeps them (see GET /_control/events). Can be set later. */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** Base URL of the hosted pages as browsers reach them; defaults to http://{host}:{port}. */
  publicUrl?: string;
  catalogue?: CatalogueEntry[];
  /** Delivery attempts per event before the double gives up (default 4, backing off from 500 ms). */
  maxDeliveryAttempts?: number;
  retryDelayMs?: number;
  /**
   * A JSON file holding the double's state: read at start when it exists, rewritten (atomically, shortly
   * after each change, and on close) as the state changes. Unset keeps everything in memory only.
   */
  stateFile?: string | null;
  /**
   * The demo garages (data/seed/garages.json): at start, each one's seeded customer, card and subscription
   * (seed-subscriptions.ts) is created unless the state already holds it. No events are sent for them.
   */
  seedFile?: string | null;
  log?: (message: string, details: Record<string, unknown>) => void;
}

function isSeedGarage(value: unknown): value is SeedGarage {
  const garage = value as Record<string, unknown> | null;
  return (
    typeof garage === 'object' &&
    garage !== null &&
    ['id', 'name', 'email', 'created_at', 'subscription_status'].every((key) => typeof garage[key] === 'string')
  );
}

/** The garages of a seed file (a JSON array of garages with id, name, email, created_at, subscription_status). */
function readSeedFile(file: string): SeedGarage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the seed file ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(parsed) || !parsed.every(isSeedGarage)) {
    throw new Error(
      `the seed file ${file} is not an array of garages with id, name, email, created_at and subscription_status`,
    );
  }
  return parsed;
}

export interface StripeDouble {
  /** Base URL: the SDK's host/port/protocol point here; hosted pages live under it. */
  url: string;
  host: string;
  port: number;
  state: StripeState;
  webhooks: WebhookSender;
  setWebhookUrl(url: string | null): void;
  /** Resolves when every webhook sent so far has been delivered (or given up on). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the local Stripe double: Stripe's REST API for what billing uses, a hosted checkout page that takes
 * test cards, a customer portal, signed webhooks, and a control API (/_control/...) for tests and demos.
 */
export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const host = options.host ?? '127.0.0.1';
  let baseUrl = options.publicUrl?.replace(/\/$/, '') ?? '';
  const webhooks = new WebhookSender({
    url: options.webhookUrl ?? null,
    secret: options.webhookSecret ?? LOCAL_WEBHOOK_SECRET,
    maxAttempts: options.maxDeliveryAttempts,
    retryDelayMs: options.retryDelayMs,
    log: options.log,
  });
  let writer: StateFileWriter | null = null;
  const state = new StripeState({
    baseUrl: () => baseUrl,
    catalogue: options.catalogue ?? DEFAULT_CATALOGUE,
    onEvent: (event) => webhooks.enqueue(event),
    onChange: () => writer?.schedule(),
  });
  let releaseStateFile: () => void = () => undefined;
  if (options.stateFile) {
    releaseStateFile = lockStateFile(options.stateFile);
    let saved: ReturnType<typeof readStateFile>;
    try {
      saved = readStateFile(options.stateFile);
    } catch (error) {
      releaseStateFile();
      throw error;
    }
    if (saved) state.restore(saved);
    writer = createStateFileWriter(options.stateFile, state, { log: options.log });
    options.log?.('state file', { file: options.stateFile, loadedObjects: saved?.objects.length ?? 0 });
  }
  if (options.seedFile) {
    const seeded = state.seed(seedSubscriptionsFor(readSeedFile(options.seedFile), nowSeconds()));
    options.log?.('seeded demo subscriptions', { file: options.seedFile, ...seeded });
  }
  const api = createApiHandler(state);
  const hosted = createHostedPages(state, webhooks);
  const control = createControlApi(state, webhooks);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://double.local');
    if (url.pathname.startsWith('/v1/')) {
      const body = req.method === 'GET' ? '' : await readBody(req);
      return api(req, res, url.pathname, url.search.slice(1), body);
    }
    if (await control(req, res, url.pathname)) return;
    if (await hosted(req, res, url)) return;
    sendHtml(res, 404, notFoundPage(`Nothing at ${url.pathname}.`));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (error instanceof StripeApiError) {
        const isPage = !(req.url ?? '').startsWith('/_control/');
        if (isPage) sendHtml(res, error.status, notFoundPage(error.message));
        else sendJson(res, error.status, error.toJSON());
        return;
      }
      sendJson(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  }).catch((error: unknown) => {
    webhooks.close();
    releaseStateFile();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  if (!baseUrl) baseUrl = `http://${reachableHost}:${port}`;

  return {
    url: baseUrl,
    host: reachableHost,
    port,
    state,
    webhooks,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    settled: () => webhooks.settled(),
    close: async () => {
      webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      writer?.flush();
      releaseStateFile();
    },
  };
}
