import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import express, { Router } from 'express';
import type { Logger } from '@sh/shared/server';

/** web/src/entry-server.tsx's renderPage: the HTML of #root for a page, or null for a page rendered in the browser. */
export type PageRenderer = (url: string, signal?: AbortSignal) => Promise<string | null>;

/** Where the server build of the web app puts its entry (web/package.json's build). */
const SERVER_ENTRY = path.join('ssr', 'entry-server.js');
/** A page not rendered in this long is sent as the bare index.html, which the browser renders. */
const RENDER_TIMEOUT_MS = 1_000;
const ROOT_ELEMENT = '<div id="root"></div>';
/** How many pages' HTML is kept: a page renders the same for every visitor, so each is rendered once per build. */
const KEPT_PAGES = 500;

/**
 * The renderer of the web build at `webDist`, loaded once; null when the build has none (an older build, or a test's
 * index.html alone) or it cannot be loaded (logged), and the browser renders every page.
 */
function serverRendererOf(webDist: string, logger?: Logger): () => Promise<PageRenderer | null> {
  const entry = path.join(webDist, SERVER_ENTRY);
  let loading: Promise<PageRenderer | null> | null = null;
  return () =>
    (loading ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then(
          (module: { renderPage: PageRenderer }) => module.renderPage,
          (error: unknown) => {
            logger?.error({ err: error, entry }, "the web build's server entry could not be loaded");
            return null;
          },
        )
      : Promise.resolve(null));
}

/**
 * index.html with the page at `url` rendered into #root, or as it is when the page is not pre-rendered, or when
 * rendering fails or takes too long (the browser renders it then, as before).
 */
export async function pageHtml(
  indexHtml: string,
  url: string,
  render: PageRenderer | null,
  logger?: Logger,
): Promise<string> {
  if (!render || !indexHtml.includes(ROOT_ELEMENT)) return indexHtml;
  try {
    const rendered = await render(url, AbortSignal.timeout(RENDER_TIMEOUT_MS));
    return rendered === null ? indexHtml : indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${rendered}</div>`);
  } catch (error) {
    logger?.warn({ err: error, url }, 'the page could not be pre-rendered; sent for the browser to render');
    return indexHtml;
  }
}

/**
 * The pages rendered for the current index.html, the oldest forgotten past KEPT_PAGES; a new build starts afresh. A
 * page sent bare because its render failed is not kept.
 */
function keptPages(): (indexHtml: string, url: string, render: () => Promise<string>) => Promise<string> {
  let keptFor = '';
  const pages = new Map<string, string>();
  return async (indexHtml, url, render) => {
    if (indexHtml !== keptFor) {
      pages.clear();
      keptFor = indexHtml;
    }
    const found = pages.get(url);
    if (found !== undefined) return found;
    const html = await render();
    if (html === indexHtml) return html;
    if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value as string);
    pages.set(url, html);
    return html;
  };
}

/**
 * Serves the built SPA (docs/architecture.md#web-delivery), compressed: hashed assets cached for a year, and for any
 * other GET that asks for a page, index.html, with the page already rendered into it when it is a public one (the
 * server build's renderPage), so that the first paint waits for no script and client-side routes survive a reload.
 * Without a build it says how to make one.
 */
export function webRoutes(webDist: string, logger?: Logger): Router {
  const router = Router();
  const indexFile = path.join(webDist, 'index.html');
  const renderer = serverRendererOf(webDist, logger);
  // Loaded now, not by the first visitor, whose page would take the longer for it.
  void renderer();
  const kept = keptPages();
  router.use(compression());
  // The server build is the gateway's, not the browser's.
  router.use('/ssr', (_req, _res, next) => next('router'));
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app has not been built. Run `npm run build:web` (npm start does it for you).');
      return;
    }
    Promise.all([readFile(indexFile, 'utf8'), renderer()])
      .then(([indexHtml, render]) =>
        kept(indexHtml, req.originalUrl, () => pageHtml(indexHtml, req.originalUrl, render, logger)),
      )
      .then((html) => {
        res.setHeader('cache-control', 'no-cache');
        res.type('html').send(html);
      }, next);
  });
  return router;
}
