import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import { listenForTest, testLogger, testQueuePrefix, TEST_KEY_PAIR, TEST_REDIS_URL } from '@sh/shared/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/routes/app.js';
import { pageHtml, webRoutes, type PageRenderer } from '../src/routes/web.js';

const INDEX_HTML = '<!doctype html><title>SPA</title><div id="root"></div><script type="module" src="/assets/app.js">';

/**
 * A stand-in for web/dist/ssr/entry-server.js (web/test/entry-server.test.tsx tests the real one): /vehicle-results
 * renders its registration, escaped, with how many renders the module has made, and reads only `reg` of its address
 * (pageAddress, as the real one's); /broken fails; /slow never ends; any other page is the browser's (null).
 */
const SERVER_ENTRY = `
let renders = 0;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function pageAddress(url) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const reg = pathname === '/vehicle-results' ? searchParams.get('reg') : null;
  return reg === null ? pathname : pathname + '?' + new URLSearchParams({ reg });
}
export async function renderPage(url, signal) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/broken') throw new Error('the page failed');
  if (pathname === '/slow') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  if (pathname !== '/vehicle-results') return null;
  renders += 1;
  return '<h1>Service History for ' + escape(searchParams.get('reg') ?? '') + '</h1><p>render ' + renders + '</p>';
}
`;

let redis: Redis;
let webDist: string;
let gateway: { url: string; close(): Promise<void> };

/** A gateway serving the stand-in build, with a general budget of `apiPerMinute` a visitor, counted afresh. */
function startGateway(apiPerMinute: number) {
  return listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey }),
      upstreams: {},
      budgets: { apiPerMinute, lookupPerMinute: 100, authPerMinute: 1000 },
      rateLimitPrefix: testQueuePrefix(),
      webDist,
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: 'gateway-web-pages-test-internal-token',
    }),
  );
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'assets', 'app.js'),
    `export const pages = ${JSON.stringify('page '.repeat(2000))};`,
  );
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), SERVER_ENTRY);
  redis = createRequestRedis(TEST_REDIS_URL);
  gateway = await startGateway(1000);
});

afterAll(async () => {
  await gateway?.close();
  redis?.disconnect();
});

async function getPage(pathAndQuery: string, headers: Record<string, string> = {}, to = gateway) {
  const answer = await fetch(`${to.url}${pathAndQuery}`, { headers: { accept: 'text/html', ...headers } });
  return { status: answer.status, headers: answer.headers, body: await answer.text() };
}

/** The bytes as sent, undecoded (fetch would decode them). */
function getRaw(pathAndQuery: string, acceptEncoding: string) {
  return new Promise<{ status: number | undefined; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    const { hostname, port } = new URL(gateway.url);
    request({ hostname, port, path: pathAndQuery, headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode,
          encoding: answer.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the pages the gateway renders into index.html (docs/architecture.md#web-delivery)', () => {
  it('sends the results page with the report heading in #root, the registration escaped, revalidated on every visit', async () => {
    const page = await getPage(`/vehicle-results?reg=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).toContain(
      '<div id="root"><h1>Service History for &lt;script&gt;alert(1)&lt;/script&gt;</h1><p>render 1</p></div>',
    );
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('renders a page once and sends that HTML to the next visitor of the same address', async () => {
    const first = await getPage('/vehicle-results?reg=AD61HCX');
    const second = await getPage('/vehicle-results?reg=AD61HCX');
    expect(first.body).toMatch(/Service History for AD61HCX<\/h1><p>render \d+<\/p>/);
    expect(second.body).toBe(first.body);
  });

  it('renders a page once whatever other parameters its address carries, and spends the general budget on each', async () => {
    const PAGE_BUDGET = 300;
    const budgeted = await startGateway(PAGE_BUDGET);
    try {
      const bodies = new Set<string>();
      const remaining: number[] = [];
      const visit = (n: number) => getPage(`/vehicle-results?reg=KP19XYZ&x=${n}&utm_source=made-up-${n}`, {}, budgeted);
      // Until the budget is spent: PAGE_BUDGET visits, and any that passed uncounted besides. A visit Redis did not
      // answer for in time (a loaded machine; for a moment after, none is asked) passes uncounted, without the header
      // (rate-limits.ts); the counted ones say what is left.
      let past = await visit(0);
      for (let n = 1; past.status === 200 && n <= 3 * PAGE_BUDGET; n += 1) {
        bodies.add(past.body);
        const header = past.headers.get('ratelimit');
        if (header) remaining.push(Number(/remaining=(\d+)/.exec(header)?.[1]));
        past = await visit(n);
      }
      // One render for all of them: every visit had the same HTML, and the next page rendered is the render after it.
      expect(bodies.size).toBe(1);
      const [kept] = [...bodies];
      const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);
      const other = await getPage('/vehicle-results?reg=KP19XYA');
      expect(renderOf(other.body)).toBe(renderOf(kept!) + 1);
      // Each spent the visitor's general budget, as an API call does, and said so: what is left falls with each, and
      // past it a 429.
      expect(past.status).toBe(429);
      expect(remaining.length).toBeGreaterThan(PAGE_BUDGET / 2);
      expect(remaining.every((left, n) => n === 0 || left < remaining[n - 1]!)).toBe(true);
      expect(remaining.at(-1)).toBe(0);
      expect(past.headers.get('retry-after')).toMatch(/^\d+$/);
      const call = await fetch(`${budgeted.url}/api/v1/service-records/signing-key`);
      expect(call.status).toBe(429);
    } finally {
      await budgeted.close();
    }
  });

  it('sends the bare index.html for a page the browser renders, one that fails and one that takes too long', async () => {
    for (const pagePath of ['/login', '/broken', '/slow']) {
      const page = await getPage(pagePath);
      expect(page.status, pagePath).toBe(200);
      expect(page.body, pagePath).toBe(INDEX_HTML);
    }
  });

  it('never serves the server build to a browser, however its path is spelt', async () => {
    for (const spelling of [
      '/ssr/entry-server.js',
      '/ssr%2Fentry-server.js',
      '/%73sr/entry-server.js',
      '/SSR/entry-server.js',
      '/%2573sr/entry-server.js',
      '//ssr/entry-server.js',
    ]) {
      // Raw, as typed: fetch would normalise the path before sending it.
      const answer = await getRaw(spelling, 'identity');
      expect({ spelling, status: answer.status }).toEqual({ spelling, status: 404 });
      expect(answer.body.toString(), spelling).not.toContain('renderPage');
    }
  });

  it('compresses the pages and the scripts for a browser that accepts it', async () => {
    const script = await getRaw('/assets/app.js', 'br, gzip');
    expect(script.encoding).toBe('br');
    expect(brotliDecompressSync(script.body).toString()).toContain('export const pages');
    expect(script.body.length).toBeLessThan(2000);
    const plain = await getRaw('/assets/app.js', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
  });
});

describe('a web build whose server entry cannot be loaded', () => {
  it('has every page sent bare, for the browser to render', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webDist, 'ssr'));
    writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), 'export function renderPage( {');
    const server = await listenForTest(express().use(webRoutes(webDist, testLogger)));
    try {
      const answer = await fetch(`${server.url}/vehicle-results?reg=AD61HCX`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(INDEX_HTML);
    } finally {
      await server.close();
    }
  });
});

describe('pageHtml', () => {
  it('puts what the renderer gives into #root and nothing else, whatever $-patterns the HTML holds', async () => {
    const render: PageRenderer = async () => '<p>$& $1 $$</p>';
    expect(await pageHtml('<div id="root"></div><p>after</p>', '/', render)).toBe(
      '<div id="root"><p>$& $1 $$</p></div><p>after</p>',
    );
  });

  it('leaves an index.html without the empty #root as it is', async () => {
    const render: PageRenderer = async () => '<p>page</p>';
    expect(await pageHtml('<div id="app"></div>', '/', render)).toBe('<div id="app"></div>');
    expect(await pageHtml('<div id="root"></div>', '/', null)).toBe('<div id="root"></div>');
  });
});
