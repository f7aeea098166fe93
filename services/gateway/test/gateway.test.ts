import { randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import {
  MESSAGES,
  OPERATIONS,
  ZErrorEnvelopeSchema,
  ZLookupResponseSchema,
  ZSigningKeyResponseSchema,
  ZVerifyChainResponseSchema,
  type TOperation,
  type TOperationBudget,
} from '@sh/shared/contract';
import {
  createRedis,
  createRequestRedis,
  createTokenVerifier,
  signAccessToken,
  signSecondFactorToken,
  type Redis,
} from '@sh/shared/server';
import {
  createIdentityUser,
  createTestKeyPair,
  listenForTest,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  type ServiceProcess,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPrivateRedis } from '../../../packages/shared/test/redis-stand-ins.js';
import { buildGatewayApp, type GatewayDeps } from '../src/routes/app.js';
import { isForbiddenPath } from '../src/domain/routing.js';
import { operationTable } from '@sh/shared/contract';

const TEST_INTERNAL_TOKEN = 'gateway-test-internal-token-0123';
const keys = createTestKeyPair();
let redis: Redis;
/** Records as its own process, on a fresh database; it trusts no token of this suite's key. */
let records: ServiceProcess;
let gateway: { url: string; close(): Promise<void> };
/** Identity as its own process, signing with this suite's key: the service the token checks below guard. */
let identity: ServiceProcess;
/**
 * A stand-in service that answers anything with 200 and looser security headers than the gateway's, and lists what
 * reached it: kept only where no real service can show it (its own looser headers, made-up calls of the contract,
 * Stripe's webhooks without Stripe's signature).
 */
let sentinel: Server;
const sentinelSeen: string[] = [];
let sentinelUrl = '';
let stoppedUrl = '';
let webDist = '';

async function freePortThatIsClosed(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  redis = createRedis(TEST_REDIS_URL);
  [records, identity] = await Promise.all([
    startServiceProcess('records', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN } }),
    startServiceProcess('identity', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, JWT_PRIVATE_KEY: keys.privateKey } }),
  ]);
  sentinel = createServer((req: IncomingMessage, res) => {
    sentinelSeen.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    // A service's own, looser security headers: the gateway's are the ones a visitor gets.
    res.setHeader('content-security-policy', 'default-src *; frame-ancestors *');
    res.setHeader('x-frame-options', 'ALLOWALL');
    res.end(JSON.stringify({ status: 200, data: { reached: true } }));
  });
  await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.1', resolve));
  const address = sentinel.address();
  sentinelUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stoppedUrl = await freePortThatIsClosed();
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');

  gateway = await listenGateway({
    upstreams: { records: records.url, identity: identity.url, billing: stoppedUrl },
    budgets: { apiPerMinute: 1000, lookupPerMinute: 5, authPerMinute: 1000 },
  });
});

/** A gateway of this suite's own, on its Redis and SPA: only what a test changes is given. */
function listenGateway(deps: Pick<GatewayDeps, 'upstreams' | 'budgets'> & Partial<GatewayDeps>) {
  return listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: keys.publicKey }),
      rateLimitPrefix: testQueuePrefix(),
      webDist,
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: TEST_INTERNAL_TOKEN,
      ...deps,
    }),
  );
}

afterAll(async () => {
  await gateway?.close();
  await records?.stop();
  await identity?.stop();
  await new Promise<void>((resolve) => sentinel?.close(() => resolve()));
  redis?.disconnect();
});

/**
 * The paths identity was asked for since line `from` of its log: read once it has logged a marker request sent now,
 * since it logs each request as it answers, in order.
 */
async function identityAskedSince(from: number): Promise<string[]> {
  const marker = `/marker-${randomUUID()}`;
  await fetch(`${identity.url}${marker}`);
  await vi.waitFor(() => expect(identity.lines.some((line) => line.includes(`"path":"${marker}"`))).toBe(true));
  return identity.lines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; path?: string })
    .filter((line) => line.msg === 'request' && line.path?.startsWith('/api/'))
    .map((line) => line.path!);
}

async function call(pathname: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(`${gateway.url}${pathname}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the SPA's HTML
  }
  return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
}

describe('gateway routing', () => {
  it('forwards the public lookup to records and answers its envelope', async () => {
    const { status, body } = await call('/api/v1/service-records/lookup/ab12cde');
    expect(status).toBe(200);
    expect(ZLookupResponseSchema.parse(body).data.serviceRecords).toEqual([]);
  });

  it('lets anyone verify a chain and fetch the receipt key, and asks for a token to add or list records', async () => {
    const verified = await call('/api/v1/service-records/verify/AB12CDE');
    expect(verified.status).toBe(200);
    expect(ZVerifyChainResponseSchema.parse(verified.body).data).toMatchObject({ valid: true, length: 0 });
    const key = await call('/api/v1/service-records/signing-key');
    expect(key.status).toBe(200);
    expect(ZSigningKeyResponseSchema.parse(key.body).data.algorithm).toBe('Ed25519');
    for (const [method, path] of [
      ['POST', '/api/v1/service-records'],
      ['GET', '/api/v1/service-records/mine'],
      ['GET', '/api/v1/service-records/vin/AB12CDE'],
      ['POST', '/api/v1/service-records/validate'],
    ] as const) {
      const answer = await call(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it("sends its own security headers on every answer, not a service's", async () => {
    const token = signAccessToken(keys.privateKey, {
      sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10',
      role: 'garage',
      email: 'owner@example.co.uk',
    });
    // The sentinel as identity: a service with looser headers of its own, which ours are not.
    const loose = await listenGateway({
      upstreams: { records: records.url, identity: sentinelUrl },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 1000 },
    });
    const proxied = await fetch(`${loose.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await loose.close();
    const lookup = await call('/api/v1/service-records/lookup/ab12cde');
    const page = await call('/', { headers: { accept: 'text/html' } });
    expect([proxied.status, lookup.status, page.status]).toEqual([200, 200, 200]);
    const policy = page.headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'none'");
    for (const answer of [proxied, lookup]) {
      expect(answer.headers.get('content-security-policy')).toBe(policy);
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('answers a 503 envelope for a service that is stopped', async () => {
    const { status, body } = await call('/api/v1/billing/plans');
    expect(status).toBe(503);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: MESSAGES.platform.serviceUnavailable,
    });
  });

  it('answers a 503 envelope for a service that is not deployed yet', async () => {
    const { status, body } = await call('/api/v1/companies/validate', { method: 'POST' });
    expect(status).toBe(503);
    expect(ZErrorEnvelopeSchema.parse(body).code).toBe('service_unavailable');
  });

  it('answers 404 for a path no service owns', async () => {
    const { status, body } = await call('/api/v1/nothing-here');
    expect(status).toBe(404);
    expect(ZErrorEnvelopeSchema.parse(body).code).toBe('not_found');
  });

  it.each([
    '/internal/users',
    '/api/v1/internal/users',
    '/api/v1/auth/internal/users',
    '/api/v1/auth/..%2f..%2finternal/users',
    '/api/v1/auth/%2e%2e/%2e%2e/internal/users',
    '/api/v1/users/%2569nternal/users',
  ])('never forwards %s', async (pathname) => {
    const from = identity.lines.length;
    const { status } = await call(pathname, { method: 'POST' });
    expect(status).toBe(404);
    expect(await identityAskedSince(from)).toEqual([]);
  });
});

describe('gateway token checks on protected paths', () => {
  const claims = { sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10', role: 'garage' as const, email: 'owner@example.co.uk' };

  it('lets a valid token through to the service', async () => {
    const user = await createIdentityUser(identity.url, TEST_INTERNAL_TOKEN);
    const token = signAccessToken(keys.privateKey, { sub: user.id, role: 'garage', email: user.email });
    const from = identity.lines.length;
    const { status, body } = await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: { email: user.email } });
    expect(await identityAskedSince(from)).toEqual(['/api/v1/auth/me']);
  });

  it.each([
    ['no token', () => ''],
    [
      'a tampered token',
      () => {
        const token = signAccessToken(keys.privateKey, claims);
        const [header, payload, signature] = token.split('.');
        const forged = Buffer.from(
          JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' }),
        ).toString('base64url');
        return `${header}.${forged}.${signature}`;
      },
    ],
    ['an expired token', () => signAccessToken(keys.privateKey, claims, -10)],
    [
      'an alg:none token',
      () => jwt.sign({ ...claims, iss: 'service-history-identity', aud: 'service-history' }, '', { algorithm: 'none' }),
    ],
    ['a token signed with another key', () => signAccessToken(createTestKeyPair().privateKey, claims)],
    [
      'an HS256 token keyed with the public key',
      () =>
        jwt.sign({ role: 'admin', email: claims.email }, keys.publicKey, {
          algorithm: 'HS256',
          subject: claims.sub,
          issuer: 'service-history-identity',
          audience: 'service-history',
        }),
    ],
  ])('answers 401 for %s and forwards nothing', async (_name, makeToken) => {
    const from = identity.lines.length;
    const token = makeToken();
    const { status, body } = await call(
      '/api/v1/auth/me',
      token ? { headers: { authorization: `Bearer ${token}` } } : {},
    );
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await identityAskedSince(from)).toEqual([]);
  });
});

describe("an admin's enrolment-only token (two-step verification owed)", () => {
  const admin = { sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10', role: 'admin' as const, email: 'ops@example.co.uk' };

  it.each(['/api/v1/admin/data', '/api/v1/auth/me', '/api/v1/service-records/mine'])(
    'is refused on %s with second_factor_enrolment_required (403), forwarding nothing',
    async (pathname) => {
      const from = identity.lines.length;
      const recordsFrom = records.lines.length;
      const token = signSecondFactorToken(keys.privateKey, admin, 'enrolment', 600);
      const { status, body } = await call(pathname, { headers: { authorization: `Bearer ${token}` } });
      expect(status).toBe(403);
      expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
        code: 'second_factor_enrolment_required',
        message: MESSAGES.secondFactor.enrolmentRequired,
      });
      expect(await identityAskedSince(from)).toEqual([]);
      expect(records.lines.slice(recordsFrom).filter((line) => line.includes('"msg":"request"'))).toEqual([]);
    },
  );

  it("is no token at all on a login's challenge either (401)", async () => {
    const token = signSecondFactorToken(keys.privateKey, admin, 'login-challenge', 600);
    const { status } = await call('/api/v1/admin/data', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(401);
  });
});

describe('gateway rate limits', () => {
  it('answers 429 with Retry-After once the lookup budget is spent', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 7; i += 1) {
      last = await call('/api/v1/service-records/lookup/RL12AAA');
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ZErrorEnvelopeSchema.parse(last!.body)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: MESSAGES.platform.rateLimited,
    });
  });

  it("keeps Stripe's webhooks out of the per-client API budget, and only them", async () => {
    const strict = await listenGateway({
      upstreams: { billing: sentinelUrl },
      budgets: { apiPerMinute: 3, lookupPerMinute: 1000, authPerMinute: 1000 },
    });
    try {
      const before = sentinelSeen.length;
      const webhooks: number[] = [];
      for (const spelling of [
        '/api/v1/stripe/webhook',
        '/api/v1/stripe/webhook',
        '/api/v1/Stripe/Webhook/',
        '/api/v1/stripe/webhook',
        '/api/v1/stripe/webhook',
      ]) {
        const response = await fetch(`${strict.url}${spelling}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1700000000,v1=0123abcd' },
          body: '{"id":"evt_test","type":"invoice.paid"}',
        });
        webhooks.push(response.status);
      }
      expect(webhooks).toEqual([200, 200, 200, 200, 200]);
      expect(sentinelSeen.length - before).toBe(5);

      const others: number[] = [];
      for (let i = 0; i < 4; i += 1) others.push((await fetch(`${strict.url}/api/v1/billing/plans`)).status);
      expect(others).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('the plainly spelt lookup, answered on the fast path', () => {
  it('answers as the chain answers another spelling of the same lookup, and shares its budget', async () => {
    const keeping = await listenGateway({
      upstreams: { records: records.url },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 4, authPerMinute: 1000 },
      lookupFastPath: true,
    });
    try {
      const ask = (pathname: string) => fetch(`${keeping.url}${pathname}`);
      const plain = await ask('/api/v1/service-records/lookup/FP12AAA');
      // The same lookup spelt otherwise goes through the whole chain (helmet, request id, budget, plain proxy).
      const chained = await ask('/api/v1/Service-Records/lookup/fp12aaa');
      expect([plain.status, chained.status]).toEqual([200, 200]);
      expect(await plain.text()).toBe(await chained.text());
      const varying = new Set([
        'date',
        'x-request-id',
        'ratelimit',
        'connection',
        'keep-alive',
        'transfer-encoding',
        'content-length',
      ]);
      const headersOf = (response: Response) => [...response.headers].filter(([name]) => !varying.has(name)).sort();
      expect(headersOf(plain)).toEqual(headersOf(chained));
      // The gateway's own policy, not records' (helmet's defaults): the same as on its pages.
      expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(plain.headers.get('x-request-id')).not.toBe(chained.headers.get('x-request-id'));

      // Both spellings count against the one lookup budget of 4.
      const statuses = [
        (await ask('/api/v1/service-records/lookup/FP12AAA')).status,
        (await ask('/api/v1//service-records/lookup/FP12AAA')).status,
      ];
      const spent = await ask('/api/v1/service-records/lookup/FP12AAA');
      expect(statuses).toEqual([200, 200]);
      expect(spent.status).toBe(429);
      expect(ZErrorEnvelopeSchema.parse(await spent.json())).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(spent.headers.get('x-content-type-options')).toBe('nosniff');
      expect(spent.headers.get('ratelimit')).toMatch(/^limit=4, remaining=0, reset=\d+$/);
      expect(spent.headers.get('ratelimit-policy')).toBe('4;w=60');
      expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(spent.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    } finally {
      await keeping.close();
    }
  });
  it("counts each client's budget by the address express would give it, trusting a proxy only as configured", async () => {
    const build = (trustProxy: false | string) =>
      listenGateway({
        upstreams: { records: records.url },
        budgets: { apiPerMinute: 1000, lookupPerMinute: 2, authPerMinute: 1000 },
        trustProxy,
        lookupFastPath: true,
      });
    const behindProxy = await build('loopback');
    const direct = await build(false);
    try {
      const lookupsFrom = async (gateway: { url: string }, client: string, times: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < times; i += 1) {
          statuses.push(
            (
              await fetch(`${gateway.url}/api/v1/service-records/lookup/FP12AAA`, {
                headers: { 'x-forwarded-for': client },
              })
            ).status,
          );
        }
        return statuses;
      };
      // Behind a trusted proxy (loopback here), each forwarded client has its own budget of 2.
      expect(await lookupsFrom(behindProxy, '203.0.113.1', 3)).toEqual([200, 200, 429]);
      expect(await lookupsFrom(behindProxy, '203.0.113.2', 1)).toEqual([200]);
      // Trusting no proxy, a forged X-Forwarded-For buys no fresh budget: every call is the socket's address.
      expect([
        ...(await lookupsFrom(direct, '203.0.113.3', 2)),
        ...(await lookupsFrom(direct, '203.0.113.4', 1)),
      ]).toEqual([200, 200, 429]);
      // An IPv6 client is counted by its /56, as express-rate-limit counts it in the chain: another spelling of the
      // lookup from another address of the same /56 spends the same budget; the next /56 has a budget of its own.
      const chainedFrom = async (client: string) =>
        (
          await fetch(`${behindProxy.url}/api/v1/Service-Records/lookup/FP12AAA`, {
            headers: { 'x-forwarded-for': client },
          })
        ).status;
      expect([
        ...(await lookupsFrom(behindProxy, '2001:db8:0:1::1', 1)),
        await chainedFrom('2001:db8:0:ff::2'),
      ]).toEqual([200, 200]);
      expect(await lookupsFrom(behindProxy, '2001:db8:0:1:ffff::3', 1)).toEqual([429]);
      expect(await lookupsFrom(behindProxy, '2001:db8:0:100::1', 1)).toEqual([200]);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});

describe("the lookup's budget counted on the fast path", () => {
  it('sends its script to a Redis that has not got it (new, or restarted), and keeps counting', async () => {
    // A Redis of this test's own: forgetting every script on the shared one would disturb the other tests' clients.
    const own = await startPrivateRedis();
    const ownRedis = createRequestRedis(own.url);
    const counting = await listenGateway({
      upstreams: { records: records.url },
      redis: ownRedis,
      budgets: { apiPerMinute: 1000, lookupPerMinute: 3, authPerMinute: 1000 },
      lookupFastPath: true,
    });
    try {
      const lookup = () => fetch(`${counting.url}/api/v1/service-records/lookup/FP12AAA`);
      const first = await lookup();
      expect([first.status, first.headers.get('ratelimit')]).toEqual([200, 'limit=3, remaining=2, reset=60']);
      // What a restart of Redis does to the scripts it was sent.
      await ownRedis.script('FLUSH');
      const second = await lookup();
      expect([second.status, second.headers.get('ratelimit')]).toEqual([
        200,
        expect.stringMatching(/^limit=3, remaining=1, reset=\d+$/),
      ]);
      expect([(await lookup()).status, (await lookup()).status]).toEqual([200, 429]);
    } finally {
      await counting.close();
      ownRedis.disconnect();
      await own.close();
    }
  });
});

describe('gateway paths as the services route them', () => {
  it('counts every spelling of the credential paths against one budget', async () => {
    const strict = await listenGateway({
      upstreams: { identity: identity.url },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 6 },
    });
    try {
      const post = async (spelling: string) =>
        (
          await fetch(`${strict.url}${spelling}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status;
      // An encoded letter is no spelling of login to identity: a 404 forwarded nowhere, off the credential budget.
      expect([await post('/api/v1/auth/%6Cogin'), await post('/api/v1/auth/%254Cogin')]).toEqual([404, 404]);
      const spellings = [
        '/api/v1/auth/login',
        '/api/v1/auth/LOGIN',
        '/api/v1/Auth/Login/',
        '/api/v1//auth//login',
        '/api/v1/auth/login//',
        '/API/V1/auth/login?next=1',
        '/api/v1/AUTH/Login/?next=2',
        '/api/v1/auth/forgot-password',
      ];
      const statuses: number[] = [];
      for (const spelling of spellings) statuses.push(await post(spelling));
      expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(6)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });

  it('asks for a token on a protected path whatever its spelling', async () => {
    for (const spelling of [
      '/api/v1/AUTH/ME',
      '/api/v1/auth/me/',
      '/api/v1//auth/me',
      '/API/v1/Auth/Me',
      '/api/v1/garages/3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b/Release-Company',
    ]) {
      const { status } = await call(spelling, { method: spelling.endsWith('Release-Company') ? 'POST' : 'GET' });
      expect({ spelling, status }).toEqual({ spelling, status: 401 });
    }
  });

  it('answers 404 to a spelling no service routes (an encoded letter), forwarding nothing, with a token or without', async () => {
    const token = signAccessToken(keys.privateKey, {
      sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10',
      role: 'garage',
      email: 'owner@example.co.uk',
    });
    const from = identity.lines.length;
    for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const { status, body } = await call('/api/v1/auth/%6De', { headers });
      expect(status).toBe(404);
      expect(ZErrorEnvelopeSchema.parse(body).code).toBe('not_found');
    }
    expect(await identityAskedSince(from)).toEqual([]);
  });

  it('keeps the lookup on its own budget, and only the lookup', () => {
    const table = operationTable(OPERATIONS);
    expect(table.match('GET', '/api/v1/Service-Records/LOOKUP/ab12cde')?.operation.budget).toBe('lookup');
    expect(table.match('GET', '/api/v1/service-records/lookupx/ab12cde')).toBeNull();
    expect(table.match('GET', '/api/v1//service-records/lookup/AB12CDE/?x=1')?.forwardedUrl).toBe(
      '/api/v1/service-records/lookup/AB12CDE/?x=1',
    );
  });
});

describe('gateway documents and pages', () => {
  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const { status, body } = await call('/api/v1/openapi.json');
    expect(status).toBe(200);
    const document = body as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/service-records/lookup/{registration}',
        '/auth/login',
        '/garages',
        '/stripe/create-checkout-session',
        '/billing/subscription',
      ]),
    );
  });

  it('serves a browsable docs page', async () => {
    const page = await call('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('swagger-ui');
    const bundle = await fetch(`${gateway.url}/api/v1/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });

  it('answers client-side routes with the SPA and keeps API misses as JSON', async () => {
    const page = await call('/vehicle-results?reg=AB12CDE', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

/** A request sent as written, its target unnormalised (fetch would resolve backslashes and dot-segments first). */
function sendRaw(base: string, method: string, target: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; route: string | null; reachedWith: string | null }>((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path: target, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => {
        const header = (name: string) =>
          typeof answer.headers[name] === 'string' ? (answer.headers[name] as string) : null;
        resolve({ status: answer.statusCode ?? 0, route: header('x-route'), reachedWith: header('x-reached-with') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('paths as the services route them, through the proxy', () => {
  /**
   * Express as the services run it (its defaults: case-insensitive, not strict), with a route for every call of the
   * contract the gateway forwards, saying which one express chose and the path it was sent. A stand-in for all our
   * services at once, kept because no real one says which of its routes a raw spelling reached, nor answers every call
   * of the contract without the data and tokens each needs.
   */
  function contractRoutes(): express.Express {
    const app = express();
    for (const op of OPERATIONS) {
      if (op.service === 'gateway') continue;
      app[op.method](`/api/v1${op.path.replace(/\{(\w+)\}/g, ':$1')}`, (req, res) => {
        res.setHeader('x-route', `${op.method.toUpperCase()} ${op.path}`);
        res.setHeader('x-reached-with', req.url);
        res.json({ status: 200, data: {} });
      });
    }
    app.use((req, res) => {
      res.setHeader('x-route', 'none');
      res.setHeader('x-reached-with', req.url);
      res.status(404).json({ status: 404, code: 'not_found', message: 'none' });
    });
    return app;
  }

  /** Every call of the contract the gateway forwards, in spellings a client may send. */
  function spellings(): { method: string; target: string }[] {
    const cases: { method: string; target: string }[] = [];
    for (const op of OPERATIONS.filter((o) => o.service !== 'gateway')) {
      const plain = `/api/v1${op.path.replace(/\{[^}]+\}/g, 'Ab12cde')}`;
      const lastLiteral = /\/([a-z-]+)(?=\/Ab12cde$|$)/.exec(plain);
      const targets = [
        plain,
        plain.toUpperCase(),
        `${plain}/`,
        `${plain}//`,
        plain.replace('/api/v1/', '/api/v1//'),
        plain.replace('/api/v1/', '//api\\v1\\'),
        `${plain}?q=1#part`,
        `${plain}#part`,
        `${plain}/extra`,
        plain.slice(0, plain.lastIndexOf('/')),
        lastLiteral
          ? plain.replace(
              `/${lastLiteral[1]}`,
              `/%${lastLiteral[1]!.charCodeAt(0).toString(16)}${lastLiteral[1]!.slice(1)}`,
            )
          : plain,
        ...(op.path.includes('{')
          ? [plain.replace('Ab12cde', 'AB%2F12'), plain.replace('Ab12cde', 'a%20b'), plain.replace('Ab12cde', '..')]
          : []),
      ];
      const methods = op.method === 'get' ? ['GET', 'HEAD'] : [op.method.toUpperCase()];
      for (const method of methods) for (const target of targets) cases.push({ method, target });
    }
    return [
      ...cases,
      { method: 'OPTIONS', target: '/api/v1/auth/login' },
      { method: 'PUT', target: '/api/v1/auth/me' },
    ];
  }

  it('forwards what express then routes to the same call, exactly as matched, and nothing it would not route', async () => {
    const routes = await listenForTest(contractRoutes());
    // The library the gateway proxies with, forwarding every request as it came: what express makes of each spelling.
    const bare = express();
    bare.use(createProxyMiddleware({ target: routes.url }));
    const bareProxy = await listenForTest(bare);
    const wide = await listenGateway({
      upstreams: {
        identity: routes.url,
        garages: routes.url,
        records: routes.url,
        billing: routes.url,
        notifications: routes.url,
      },
      budgets: { apiPerMinute: 100_000, lookupPerMinute: 100_000, authPerMinute: 100_000 },
    });
    const table = operationTable(OPERATIONS);
    const token = signAccessToken(keys.privateKey, {
      sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10',
      role: 'garage',
      email: 'owner@example.co.uk',
    });
    try {
      const cases = spellings();
      expect(cases.length).toBeGreaterThan(500);
      const disagreements: unknown[] = [];
      let forwarded = 0;
      for (const { method, target } of cases) {
        const headers = { authorization: `Bearer ${token}` };
        const [viaGateway, viaBareProxy] = [
          await sendRaw(wide.url, method, target, headers),
          await sendRaw(bareProxy.url, method, target, headers),
        ];
        const match = table.match(method, target);
        const gatewayRoute = viaGateway.route ?? 'not forwarded';
        if (isForbiddenPath(target)) {
          // Dot-segments never leave the gateway, whatever express would make of them.
          if (viaGateway.status !== 404 || gatewayRoute !== 'not forwarded')
            disagreements.push({ method, target, forbidden: true, viaGateway });
          continue;
        }
        const expressRoute = viaBareProxy.route === 'none' ? 'not forwarded' : viaBareProxy.route;
        const matched = match ? `${match.operation.method.toUpperCase()} ${match.operation.path}` : 'not forwarded';
        const agrees =
          gatewayRoute === expressRoute &&
          matched === expressRoute &&
          (match === null ? viaGateway.status === 404 : viaGateway.reachedWith === match.forwardedUrl);
        if (!agrees)
          disagreements.push({
            method,
            target,
            matched,
            gatewayRoute,
            expressRoute,
            reachedWith: viaGateway.reachedWith,
            forwardedUrl: match?.forwardedUrl,
          });
        if (match) forwarded += 1;
      }
      expect(disagreements).toEqual([]);
      // Most spellings are calls; the rest (encoded letters, extra or missing segments, other methods) are not.
      expect(forwarded).toBeGreaterThan(cases.length / 2);
      expect(forwarded).toBeLessThan(cases.length);
    } finally {
      await wide.close();
      await bareProxy.close();
      await routes.close();
    }
  });
});

describe('a call added to the contract', () => {
  /** One made-up call for each budget: a signed-in caller's, answered by notifications (the sentinel here). */
  const budgets: TOperationBudget[] = ['general', 'credentials', 'lookup', 'one-click', 'none'];
  const added = (budget: TOperationBudget): TOperation => ({
    method: 'post',
    path: `/workshop-tools/{id}/${budget}-polish`,
    operationId: `${budget}PolishWorkshopTool`,
    summary: 'Polish a workshop tool (made up for this test)',
    tag: 'Test',
    auth: 'signed-in',
    service: 'notifications',
    budget,
    response: z.object({ status: z.literal(200) }),
  });
  const token = () =>
    signAccessToken(keys.privateKey, {
      sub: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10',
      role: 'garage',
      email: 'owner@example.co.uk',
    });

  /** The hits each budget has counted under a rate-limit prefix, by budget. */
  async function counted(prefix: string): Promise<Record<string, number>> {
    const keys = await redis.keys(`${prefix}:rl:*`);
    const values = keys.length > 0 ? await redis.mget(keys) : [];
    const hits: Record<string, number> = {};
    keys.forEach((key, i) => {
      const budget = key.slice(`${prefix}:rl:`.length).split(':')[0]!;
      hits[budget] = (hits[budget] ?? 0) + Number(values[i]);
    });
    return hits;
  }

  it('is routed to its service, protected and budgeted from its entry alone', async () => {
    const prefix = testQueuePrefix();
    const extended = await listenGateway({
      upstreams: { notifications: sentinelUrl },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 1000 },
      rateLimitPrefix: prefix,
      operations: [...OPERATIONS, ...budgets.map(added)],
    });
    const withoutIt = await listenGateway({
      upstreams: { notifications: sentinelUrl },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 1000 },
    });
    try {
      const expectedCounts: Record<TOperationBudget, Record<string, number>> = {
        general: { api: 1 },
        credentials: { api: 1, credentials: 1 },
        lookup: { lookup: 1 },
        'one-click': { 'one-click': 1 },
        none: {},
      };
      for (const budget of budgets) {
        const target = `/api/v1/Workshop-Tools/t-1/${budget}-polish/`;
        const before = sentinelSeen.length;
        // Without a token: 401, forwarded nowhere.
        const anonymous = await fetch(`${extended.url}${target}`, { method: 'POST' });
        expect({
          budget,
          status: anonymous.status,
          code: ZErrorEnvelopeSchema.parse(await anonymous.json()).code,
        }).toEqual({ budget, status: 401, code: 'unauthorized' });
        expect(sentinelSeen.length).toBe(before);
        // With one: to notifications, exactly as matched; each budget it spends (and no other) counted once.
        const countsBefore = await counted(prefix);
        const signedIn = await fetch(`${extended.url}${target}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token()}` },
        });
        expect({ budget, status: signedIn.status, body: await signedIn.json() }).toEqual({
          budget,
          status: 200,
          body: { status: 200, data: { reached: true } },
        });
        expect(sentinelSeen.slice(before)).toEqual([target]);
        const countsAfter = await counted(prefix);
        const spent = Object.fromEntries(
          Object.entries(countsAfter)
            .map(([name, hits]) => [name, hits - (countsBefore[name] ?? 0)])
            .filter(([, hits]) => hits !== 0),
        );
        expect({ budget, spent }).toEqual({ budget, spent: expectedCounts[budget] });
        // The same gateway but for the entry: no such call.
        const unlisted = await fetch(`${withoutIt.url}${target}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token()}` },
        });
        expect({ budget, status: unlisted.status }).toEqual({ budget, status: 404 });
        expect(sentinelSeen.length).toBe(before + 1);
      }
      const document = (await (await fetch(`${extended.url}/api/v1/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(document.paths)).toContain('/workshop-tools/{id}/lookup-polish');
    } finally {
      await extended.close();
      await withoutIt.close();
    }
  });

  it("refuses to start with a call marked the gateway's own that it has no answer for", () => {
    const unknown: TOperation = { ...added('general'), service: 'gateway', path: '/admin/polish' };
    expect(() =>
      buildGatewayApp({
        logger: testLogger,
        redis,
        verifier: createTokenVerifier({ publicKey: keys.publicKey }),
        rateLimitPrefix: testQueuePrefix(),
        webDist,
        trustProxy: false,
        upstreamTimeoutMs: 5000,
        internalToken: TEST_INTERNAL_TOKEN,
        upstreams: {},
        budgets: { apiPerMinute: 1, lookupPerMinute: 1, authPerMinute: 1 },
        operations: [...OPERATIONS, unknown],
      }),
    ).toThrow(/no answer of its own for POST \/admin\/polish/);
  });
});
