import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createRedis,
  createRequestRedis,
  createTokenVerifier,
  type Redis,
  signAccessToken,
  type TAuthClaims,
} from '@sh/shared/server';
import {
  deleteKeysUnder,
  listenForTest,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@sh/shared/testing';
import { buildGatewayApp } from '../src/routes/app.js';
import type { UpstreamName } from '../src/domain/routing.js';

/** The one internal token every service of this stack and the gateway share, as in a deployment. */
export const STACK_INTERNAL_TOKEN = 'gateway-admin-stack-internal-token';

interface Listening {
  url: string;
  close(): Promise<void>;
}

export interface AdminStack {
  /** Each service on its own port and database, as the gateway sees it. */
  urls: Record<UpstreamName, string>;
  dbs: Record<UpstreamName, TestDatabase>;
  prefix: string;
  redis: Redis;
  /** Billing's Stripe: see startStripeStandIn. */
  stripe: StripeStandIn;
  tokenFor(claims: TAuthClaims): string;
  /**
   * A gateway in front of these services, or of the ones given instead (a stopped one, a silent one), seeing Redis at
   * `redisUrl` (by default the test Redis).
   */
  startGateway(options?: { upstreams?: Partial<Record<UpstreamName, string>>; redisUrl?: string }): Promise<Listening>;
  close(): Promise<void>;
}

const SERVICES: UpstreamName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];

/** Billing's Stripe here: it answers a customer's update, or refuses it as Stripe does a customer it has not got. */
export interface StripeStandIn {
  url: string;
  /** From now on, refuses (404, resource_missing) every customer update, or answers each again. */
  refuseCustomerUpdates(isRefusing: boolean): void;
  close(): Promise<void>;
}

/**
 * Answers POST /v1/customers/{id} (the update of a customer's e-mail) as Stripe does; any other call is dropped unanswered,
 * as by a Stripe that cannot be reached, so that it is retried and never dead-lettered.
 */
async function startStripeStandIn(): Promise<StripeStandIn> {
  let isRefusing = false;
  const server = createServer((req, res) => {
    const customer = /^\/v1\/customers\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !customer) {
      req.socket.destroy();
      return;
    }
    req.resume();
    res.setHeader('content-type', 'application/json');
    if (isRefusing) {
      res.statusCode = 404;
      const error = {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such customer: '${customer}'`,
      };
      res.end(JSON.stringify({ error }));
    } else {
      res.end(JSON.stringify({ id: customer, object: 'customer' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    refuseCustomerUpdates: (refusing) => (isRefusing = refusing),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The five services for real, each its own process (its main.ts) on its own test database and port, all sharing one
 * internal token and one queue prefix on the test Redis, with every outside party (and each other) where nobody
 * listens; and gateways in front of them that verify tokens with the shared test key pair, which identity signs with.
 */
export async function startAdminStack(): Promise<AdminStack> {
  const verifier = createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey });
  const prefix = testQueuePrefix();
  const redis = createRedis(TEST_REDIS_URL);
  const stripe = await startStripeStandIn();
  const env = { REDIS_KEY_PREFIX: prefix, INTERNAL_TOKEN: STACK_INTERNAL_TOKEN };
  const billingEnv = { ...env, STRIPE_API_PORT: new URL(stripe.url).port };
  const started = await Promise.allSettled(
    SERVICES.map((service) => startServiceProcess(service, { env: service === 'billing' ? billingEnv : env })),
  );
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(processes.map((service) => service.stop()));
    await stripe.close();
    redis.disconnect();
    throw failed.reason;
  }
  const byName = Object.fromEntries(SERVICES.map((name, i) => [name, processes[i]!])) as Record<
    UpstreamName,
    ServiceProcess
  >;
  const urls = Object.fromEntries(SERVICES.map((name) => [name, byName[name].url])) as Record<UpstreamName, string>;
  const dbs = Object.fromEntries(SERVICES.map((name) => [name, byName[name].db!])) as Record<
    UpstreamName,
    TestDatabase
  >;
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const gateways: Array<{ server: Listening; redis: Redis }> = [];

  return {
    urls,
    dbs,
    prefix,
    redis,
    stripe,
    tokenFor: (claims) => signAccessToken(TEST_KEY_PAIR.privateKey, claims),
    async startGateway({ upstreams = urls, redisUrl = TEST_REDIS_URL } = {}) {
      const requestRedis = createRequestRedis(redisUrl);
      const server = await listenForTest(
        buildGatewayApp({
          logger: testLogger,
          redis: requestRedis,
          verifier,
          upstreams,
          budgets: { apiPerMinute: 10_000, lookupPerMinute: 10_000, authPerMinute: 10_000 },
          rateLimitPrefix: prefix,
          webDist,
          trustProxy: false,
          upstreamTimeoutMs: 5000,
          internalToken: STACK_INTERNAL_TOKEN,
        }),
      );
      gateways.push({ server, redis: requestRedis });
      return server;
    },
    async close() {
      for (const gateway of gateways) {
        await gateway.server.close();
        gateway.redis.disconnect();
      }
      await Promise.all(processes.map((service) => service.stop()));
      await stripe.close();
      await deleteKeysUnder(TEST_REDIS_URL, prefix);
      redis.disconnect();
    },
  };
}

/** An address where nothing listens: a service that is stopped. */
export async function stoppedServiceUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A service that takes connections and never answers: one that hangs, a fault none of ours shows on cue. */
export async function silentService(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
