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
import { listenForTest, testLogger, testQueuePrefix, TEST_KEY_PAIR, TEST_REDIS_URL } from '@sh/shared/testing';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

/** The garages service as the gateway sees it: a profile per slug, answered with what `profiles` holds now. */
const profiles = new Map<string, string>();
const asked: { path: string; forwardedFor: string | undefined }[] = [];

/** Records, for a lookup nobody published: one record for any registration. */
const RECORDS_ANSWER = { status: 200, data: { serviceRecords: [{ id: 'asked' }] } };

let redis: Redis;
let garages: { url: string; close(): Promise<void> };
let records: { url: string; close(): Promise<void> };
const prefix = testQueuePrefix();
const LOOKUP_BUDGET = 3;
let gateway: { url: string; close(): Promise<void> };
const API_BUDGET = 5;

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
  records = await listenForTest(
    express().get('/api/v1/service-records/lookup/:registration', (req, res) => {
      asked.push({ path: req.path, forwardedFor: req.header('x-forwarded-for') });
      res.json(RECORDS_ANSWER);
    }),
  );
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
  await records?.close();
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

  it("counts each answer against the visitor's general budget: once it is spent, the page is sent without one", async () => {
    profiles.set('budget', 'Budget Garage');
    const visitor = '203.0.113.13';
    for (let call = 0; call < API_BUDGET; call += 1) {
      expect(answersElementOf(await getPage('/garages/budget', visitor)), `page ${call + 1}`).toBeDefined();
    }
    const past = await getPage('/garages/budget', visitor);
    expect(answersElementOf(past)).toBeUndefined();
    expect(past).toContain('<h1>Garage</h1>');
    expect(asked).toHaveLength(API_BUDGET);
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
    const key = sharedAnswerKeyOf(lookupAnswersNamespace(prefix), 'PUB1ABC');
    await redis.set(key, await encodeSharedAnswer(published));
    const visitor = '203.0.113.20';
    for (let view = 0; view < LOOKUP_BUDGET; view += 1) {
      const html = await getPage('/vehicle-results?reg=PUB1ABC', visitor);
      expect(html, `view ${view + 1}`).toContain('<p>2 records found</p>');
      expect(JSON.parse(answersElementOf(html)!)).toEqual({
        'service-records/lookup/PUB1ABC': JSON.parse(published.body.toString('utf8')),
      });
    }
    // Records was not asked: the answer was in Redis. Past the lookup's budget the page has no answer, and the
    // browser's own lookup is refused as well.
    expect(asked).toEqual([]);
    expect(answersElementOf(await getPage('/vehicle-results?reg=PUB1ABC', visitor))).toBeUndefined();
    const lookup = await fetch(`${gateway.url}/api/v1/service-records/lookup/PUB1ABC`, {
      headers: { 'x-forwarded-for': visitor },
    });
    expect(lookup.status).toBe(429);
  });

  it('asks records for a lookup nobody published, or one not plainly spelt, for the visitor', async () => {
    const html = await getPage('/vehicle-results?reg=NOPUB1', '203.0.113.21');
    expect(html).toContain('<p>1 records found</p>');
    const spaced = await getPage(`/vehicle-results?reg=${encodeURIComponent('AB12 CDE')}`, '203.0.113.21');
    expect(spaced).toContain('<p>1 records found</p>');
    expect(asked).toEqual([
      { path: '/api/v1/service-records/lookup/NOPUB1', forwardedFor: '203.0.113.21' },
      { path: '/api/v1/service-records/lookup/AB12%20CDE', forwardedFor: '203.0.113.21' },
    ]);
  });
});
