import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  encodeSharedAnswer,
  lookupAnswersNamespace,
  serialiseLookupAnswer,
  sharedAnswerKeyOf,
} from '@sh/shared/lookup-cache';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import {
  deleteKeysUnder,
  listenForTest,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '@sh/shared/testing';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildGatewayApp } from '../src/routes/app.js';

const INDEX_HTML = '<!doctype html><title>SPA</title><div id="root"></div><script type="module" src="/assets/app.js">';
const HOSTILE = '</script><script>alert(1)</script>';

/**
 * A stand-in for web/dist/ssr/entry-server.js (web/test/entry-server.test.tsx tests the real one's pages): a garage's
 * page is rendered with the answer of garage-profiles/{slug}, the results page with its lookup's (how many records),
 * and /garages/private-x asks for a call that is not public; the render counts how many renders it made.
 */
const SERVER_ENTRY = `
let renders = 0;
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function pageAnswerPaths(url) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/vehicle-results') return ['service-records/lookup/' + encodeURIComponent(searchParams.get('reg'))];
  if (pathname === '/garages/private-x') return ['garages/me'];
  const slug = /^\\/garages\\/([^/]+)$/.exec(pathname)?.[1];
  return slug ? ['garage-profiles/' + slug] : [];
}
export async function renderPage(url, signal, answers = {}) {
  renders += 1;
  const [apiPath] = pageAnswerPaths(url);
  const records = apiPath && answers[apiPath]?.data?.serviceRecords;
  if (records) return '<p>' + records.length + ' records found</p>';
  const garage = apiPath && answers[apiPath]?.data?.garage;
  return '<h1>' + (garage ? escape(garage.name) : 'Garage') + '</h1><p>render ' + renders + '</p>';
}
`;

/**
 * The garages service as the gateway sees it: a profile per slug, answered with what `profiles` holds now. A stand-in:
 * a profile whose name changes between two views, and a name no signup would give (markup), are not what a real
 * garages can be made to show from a test without a signup and an owner's edit per case.
 */
const profiles = new Map<string, string>();
const asked: { path: string; forwardedFor: string | undefined }[] = [];

let redis: Redis;
let garages: { url: string; close(): Promise<void> };
/** Records as its own process, under the gateway's Redis prefix, where it publishes the lookup's answers. */
let records: ServiceProcess;
const prefix = testQueuePrefix();
const LOOKUP_BUDGET = 3;
let gateway: { url: string; close(): Promise<void> };
/** A visitor's general budget: each page spends one, and each answer a page is rendered with one more. */
const API_BUDGET = 7;

/** The paths records was asked for since `from` (its request log: one line a request). */
function recordsAskedSince(from: number): string[] {
  return records.lines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; path?: string })
    .filter((line) => line.msg === 'request' && line.path?.startsWith('/api/'))
    .map((line) => line.path!);
}

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), SERVER_ENTRY);
  garages = await listenForTest(
    express().get('/api/v1/garage-profiles/:slug', (req, res) => {
      asked.push({ path: req.path, forwardedFor: req.header('x-forwarded-for') });
      const name = profiles.get(req.params.slug);
      if (name === undefined) res.status(404).json({ status: 404, code: 'not_found', message: 'Not found' });
      else res.json({ status: 200, data: { garage: { slug: req.params.slug, name } } });
    }),
  );
  records = await startServiceProcess('records', {
    env: { REDIS_KEY_PREFIX: prefix, INTERNAL_TOKEN: 'gateway-page-answers-test-internal-token' },
  });
  redis = createRequestRedis(TEST_REDIS_URL);
  gateway = await listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey }),
      upstreams: { garages: garages.url, records: records.url },
      budgets: { apiPerMinute: API_BUDGET, lookupPerMinute: LOOKUP_BUDGET, authPerMinute: 1000 },
      rateLimitPrefix: prefix,
      webDist,
      trustProxy: 'loopback',
      upstreamTimeoutMs: 5000,
      internalToken: 'gateway-page-answers-test-internal-token',
    }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await garages?.close();
  await records?.stop();
  await deleteKeysUnder(TEST_REDIS_URL, prefix);
  redis?.disconnect();
});

beforeEach(() => {
  asked.length = 0;
});

/** A page as a visitor at `visitor` gets it (the gateway trusts its loopback proxy's X-Forwarded-For). */
async function getPage(pathAndQuery: string, visitor: string) {
  const answer = await fetch(`${gateway.url}${pathAndQuery}`, {
    headers: { accept: 'text/html', 'x-forwarded-for': visitor },
  });
  return answer.text();
}

const answersElementOf = (html: string) =>
  /<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1];

describe("a page rendered with a service's public answer (docs/architecture.md#web-delivery)", () => {
  it('is rendered with the answer, which is sent beside it as data that cannot end its element', async () => {
    profiles.set('hartley', HOSTILE);
    const html = await getPage('/garages/hartley', '203.0.113.10');
    expect(html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    const sent = answersElementOf(html);
    expect(sent).toBeDefined();
    expect(sent).not.toContain('<');
    expect(JSON.parse(sent!)).toEqual({
      'garage-profiles/hartley': { status: 200, data: { garage: { slug: 'hartley', name: HOSTILE } } },
    });
    // Asked at the service for the visitor, as the browser's own call would have been.
    expect(asked).toEqual([{ path: '/api/v1/garage-profiles/hartley', forwardedFor: '203.0.113.10' }]);
  });

  it('keeps the page for the same answer, and renders it again once the answer changes', async () => {
    profiles.set('kept', 'Kept Motors');
    const first = await getPage('/garages/kept', '203.0.113.11');
    const again = await getPage('/garages/kept', '203.0.113.11');
    expect(again).toBe(first);
    profiles.set('kept', 'Kept Motors Ltd');
    const changed = await getPage('/garages/kept', '203.0.113.11');
    expect(changed).toContain('<h1>Kept Motors Ltd</h1>');
    expect(changed).not.toBe(first);
    expect(asked).toHaveLength(3);
  });

  it('is rendered without an answer when the service has none, or the call is not a public one', async () => {
    const missing = await getPage('/garages/nobody', '203.0.113.12');
    expect(missing).toContain('<h1>Garage</h1>');
    expect(answersElementOf(missing)).toBeUndefined();
    const notPublic = await getPage('/garages/private-x', '203.0.113.12');
    expect(answersElementOf(notPublic)).toBeUndefined();
    expect(asked.map((call) => call.path)).toEqual(['/api/v1/garage-profiles/nobody']);
  });

  it("counts the page and each answer against the visitor's general budget: past it, no answer, then a 429", async () => {
    profiles.set('budget', 'Budget Garage');
    const visitor = '203.0.113.13';
    const answered = Math.floor(API_BUDGET / 2);
    for (let view = 0; view < answered; view += 1) {
      expect(answersElementOf(await getPage('/garages/budget', visitor)), `page ${view + 1}`).toBeDefined();
    }
    // The page's own spend is the last of the budget: it is sent without its answer, for the browser to ask.
    const past = await getPage('/garages/budget', visitor);
    expect(answersElementOf(past)).toBeUndefined();
    expect(past).toContain('<h1>Garage</h1>');
    expect(asked).toHaveLength(answered);
    const refused = await fetch(`${gateway.url}/garages/budget`, {
      headers: { accept: 'text/html', 'x-forwarded-for': visitor },
    });
    expect(refused.status).toBe(429);
    // The same budget as the visitor's API calls: the browser's own call is now refused too.
    const call = await fetch(`${gateway.url}/api/v1/garage-profiles/budget`, {
      headers: { 'x-forwarded-for': visitor },
    });
    expect(call.status).toBe(429);
    // Another visitor's budget is its own.
    expect(answersElementOf(await getPage('/garages/budget', '203.0.113.14'))).toBeDefined();
  });

  it("renders the results page with the lookup's published answer, read as the lookup's budget is counted", async () => {
    const published = serialiseLookupAnswer([{ id: 'one' }, { id: 'two' }]);
    const key = sharedAnswerKeyOf(lookupAnswersNamespace(prefix), 'PU61ABC');
    await redis.set(key, await encodeSharedAnswer(published));
    const visitor = '203.0.113.20';
    for (let view = 0; view < LOOKUP_BUDGET; view += 1) {
      const html = await getPage('/vehicle-results?reg=PU61ABC', visitor);
      expect(html, `view ${view + 1}`).toContain('<p>2 records found</p>');
      expect(JSON.parse(answersElementOf(html)!)).toEqual({
        'service-records/lookup/PU61ABC': JSON.parse(published.body.toString('utf8')),
      });
    }
    // Records was not asked: the answer was in Redis. Past the lookup's budget the page has no answer, and the
    // browser's own lookup is refused as well.
    expect(asked).toEqual([]);
    expect(answersElementOf(await getPage('/vehicle-results?reg=PU61ABC', visitor))).toBeUndefined();
    const lookup = await fetch(`${gateway.url}/api/v1/service-records/lookup/PU61ABC`, {
      headers: { 'x-forwarded-for': visitor },
    });
    expect(lookup.status).toBe(429);
  });

  it('asks records for a lookup nobody published, or one not plainly spelt', async () => {
    const from = records.lines.length;
    const html = await getPage('/vehicle-results?reg=NO61PUB', '203.0.113.21');
    expect(html).toContain('<p>0 records found</p>');
    const spaced = await getPage(`/vehicle-results?reg=${encodeURIComponent('AB12 CDE')}`, '203.0.113.21');
    expect(spaced).toContain('<p>0 records found</p>');
    // Its log line follows its answer: waited for.
    await vi.waitFor(() => expect(recordsAskedSince(from)).toHaveLength(2));
    expect(recordsAskedSince(from)).toEqual([
      '/api/v1/service-records/lookup/NO61PUB',
      '/api/v1/service-records/lookup/AB12%20CDE',
    ]);
  });

  it("checks a page's parameter with the contract's schema before asking anything with it", async () => {
    const from = records.lines.length;
    for (const reg of ['..', '%2e%2e', 'AB-12', 'X'.repeat(40), '%E0%A4%A']) {
      const html = await getPage(`/vehicle-results?reg=${encodeURIComponent(reg)}`, '203.0.113.22');
      expect(answersElementOf(html), reg).toBeUndefined();
    }
    // A valid one, after them, is asked: once records has logged it, it has logged every call before it.
    expect(await getPage('/vehicle-results?reg=OK12ABC', '203.0.113.22')).toContain('<p>0 records found</p>');
    await vi.waitFor(() => expect(recordsAskedSince(from)).toContain('/api/v1/service-records/lookup/OK12ABC'));
    expect(recordsAskedSince(from)).toEqual(['/api/v1/service-records/lookup/OK12ABC']);
  });
});
