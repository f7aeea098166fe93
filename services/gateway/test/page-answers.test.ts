import { randomUUID } from 'node:crypto';
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
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

let redis: Redis;
/** Garages as its own process: a garage's public profile is what it answers for the page. */
let garages: ServiceProcess;
/** Records as its own process, under the gateway's Redis prefix, where it publishes the lookup's answers. */
let records: ServiceProcess;
const prefix = testQueuePrefix();
const LOOKUP_BUDGET = 3;
let gateway: { url: string; close(): Promise<void> };
/** A visitor's general budget: each page spends one, and each answer a page is rendered with one more. */
const API_BUDGET = 7;

/** The API paths `service` was asked for since line `from` of its log (one line a request, as it answers). */
function askedSince(service: ServiceProcess, from: number): string[] {
  return service.lines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; path?: string })
    .filter((line) => line.msg === 'request' && line.path?.startsWith('/api/'))
    .map((line) => line.path!);
}

/** Waits until `service` has logged `count` API calls since line `from`, then answers them all. */
async function askedOnce(service: ServiceProcess, from: number, count: number): Promise<string[]> {
  await vi.waitFor(() => expect(askedSince(service, from).length).toBeGreaterThanOrEqual(count));
  return askedSince(service, from);
}

/** A garage made straight in garages' database, as garages' own tests make one: its slug. */
async function garageNamed(name: string): Promise<string> {
  const id = randomUUID();
  const { rows } = await garages.db!.pool.query<{ slug: string }>(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name,
                          referral_code, subscription_status)
     VALUES ($1, $2, $3, $4, $5, '01392123456', 'Unit 6 Marsh Barton, Exeter, EX2 8NX', 'Jo Bloggs', $6, 'active')
     RETURNING slug`,
    [
      id,
      name,
      name.toUpperCase(),
      `9${id.replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
      `garage-${id.slice(0, 8)}@example.co.uk`,
      `GAR-${id
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8)
        .toUpperCase()}`,
    ],
  );
  return rows[0]!.slug;
}

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), SERVER_ENTRY);
  garages = await startServiceProcess('garages', {
    env: { INTERNAL_TOKEN: 'gateway-page-answers-test-internal-token' },
  });
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
  await garages?.stop();
  await records?.stop();
  await deleteKeysUnder(TEST_REDIS_URL, prefix);
  redis?.disconnect();
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
    const slug = await garageNamed(HOSTILE);
    const from = garages.lines.length;
    const html = await getPage(`/garages/${slug}`, '203.0.113.10');
    expect(html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    const sent = answersElementOf(html);
    expect(sent).toBeDefined();
    expect(sent).not.toContain('<');
    expect(JSON.parse(sent!)).toMatchObject({
      [`garage-profiles/${slug}`]: { status: 200, data: { garage: { slug, name: HOSTILE } } },
    });
    // Asked at the service, as the browser's own call would have been.
    expect(await askedOnce(garages, from, 1)).toEqual([`/api/v1/garage-profiles/${slug}`]);
  });

  it('keeps the page for the same answer, and renders it again once the answer changes', async () => {
    const slug = await garageNamed('Kept Motors');
    const from = garages.lines.length;
    const first = await getPage(`/garages/${slug}`, '203.0.113.11');
    const again = await getPage(`/garages/${slug}`, '203.0.113.11');
    expect(again).toBe(first);
    await garages.db!.pool.query("UPDATE garages SET name = 'Kept Motors Ltd' WHERE slug = $1", [slug]);
    const changed = await getPage(`/garages/${slug}`, '203.0.113.11');
    expect(changed).toContain('<h1>Kept Motors Ltd</h1>');
    expect(changed).not.toBe(first);
    expect(await askedOnce(garages, from, 3)).toHaveLength(3);
  });

  it('is rendered without an answer when the service has none, or the call is not a public one', async () => {
    const from = garages.lines.length;
    const missing = await getPage('/garages/nobody', '203.0.113.12');
    expect(missing).toContain('<h1>Garage</h1>');
    expect(answersElementOf(missing)).toBeUndefined();
    const notPublic = await getPage('/garages/private-x', '203.0.113.12');
    expect(answersElementOf(notPublic)).toBeUndefined();
    // Once garages has logged the call it was asked, after the one it was not: none for the call that is not public.
    await getPage('/garages/nobody-either', '203.0.113.12');
    expect(await askedOnce(garages, from, 2)).toEqual([
      '/api/v1/garage-profiles/nobody',
      '/api/v1/garage-profiles/nobody-either',
    ]);
  });

  it("counts the page and each answer against the visitor's general budget: past it, no answer, then a 429", async () => {
    const slug = await garageNamed('Budget Garage');
    const from = garages.lines.length;
    const visitor = '203.0.113.13';
    const answered = Math.floor(API_BUDGET / 2);
    for (let view = 0; view < answered; view += 1) {
      expect(answersElementOf(await getPage(`/garages/${slug}`, visitor)), `page ${view + 1}`).toBeDefined();
    }
    // The page's own spend is the last of the budget: it is sent without its answer, for the browser to ask.
    const past = await getPage(`/garages/${slug}`, visitor);
    expect(answersElementOf(past)).toBeUndefined();
    expect(past).toContain('<h1>Garage</h1>');
    expect(await askedOnce(garages, from, answered)).toHaveLength(answered);
    const refused = await fetch(`${gateway.url}/garages/${slug}`, {
      headers: { accept: 'text/html', 'x-forwarded-for': visitor },
    });
    expect(refused.status).toBe(429);
    // The same budget as the visitor's API calls: the browser's own call is now refused too.
    const call = await fetch(`${gateway.url}/api/v1/garage-profiles/${slug}`, {
      headers: { 'x-forwarded-for': visitor },
    });
    expect(call.status).toBe(429);
    // Another visitor's budget is its own.
    expect(answersElementOf(await getPage(`/garages/${slug}`, '203.0.113.14'))).toBeDefined();
  });

  it("renders the results page with the lookup's published answer, read as the lookup's budget is counted", async () => {
    const published = serialiseLookupAnswer([{ id: 'one' }, { id: 'two' }]);
    const key = sharedAnswerKeyOf(lookupAnswersNamespace(prefix), 'PU61ABC');
    await redis.set(key, await encodeSharedAnswer(published));
    const visitor = '203.0.113.20';
    const from = records.lines.length;
    for (let view = 0; view < LOOKUP_BUDGET; view += 1) {
      const html = await getPage('/vehicle-results?reg=PU61ABC', visitor);
      expect(html, `view ${view + 1}`).toContain('<p>2 records found</p>');
      expect(JSON.parse(answersElementOf(html)!)).toEqual({
        'service-records/lookup/PU61ABC': JSON.parse(published.body.toString('utf8')),
      });
    }
    // Records was not asked: the answer was in Redis. Past the lookup's budget the page has no answer, and the
    // browser's own lookup is refused as well.
    // (Once records has logged a lookup nobody published, asked after them, it has logged any call before it.)
    await getPage('/vehicle-results?reg=NP61ABC', '203.0.113.23');
    expect(await askedOnce(records, from, 1)).toEqual(['/api/v1/service-records/lookup/NP61ABC']);
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
    await vi.waitFor(() => expect(askedSince(records, from)).toHaveLength(2));
    expect(askedSince(records, from)).toEqual([
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
    await vi.waitFor(() => expect(askedSince(records, from)).toContain('/api/v1/service-records/lookup/OK12ABC'));
    expect(askedSince(records, from)).toEqual(['/api/v1/service-records/lookup/OK12ABC']);
  });
});
