import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import express, { Router, type Request, type RequestHandler } from 'express';
import { SERVICE_TIME_ZONE } from '@sh/shared/contract';
import type { Logger } from '@sh/shared/server';
import { isServerBundlePath } from '../domain/routing.js';

/** The public API answers a page is rendered with, by path under /api/v1 (web/src/lib/page-answers.tsx). */
export type PageAnswers = Record<string, unknown>;

/**
 * web/src/entry-server.tsx's renderPage: the HTML of #root for a page (rendered with `answers`), or null for a page
 * rendered in the browser.
 */
export type PageRenderer = (url: string, signal?: AbortSignal, answers?: PageAnswers) => Promise<string | null>;

/** What the gateway takes of the web build's server entry. */
interface ServerEntry {
  renderPage: PageRenderer;
  /** The API paths a page is rendered with (none for most pages); absent from an older build. */
  pageAnswerPaths?: (url: string) => string[];
  /**
   * The address a page is rendered at and kept by: its path and only the parameters it reads; absent from an older
   * build, whose pages are kept by their whole address.
   */
  pageAddress?: (url: string) => string;
}

/**
 * Asks the service that owns `apiPath` (a public GET under /api/v1) for its answer on behalf of the visitor `req`,
 * within the visitor's budget: the answer's JSON, or undefined when there is none to render with (not found, the
 * budget spent, the service away). The browser asks for itself then, as it would have.
 */
export type PageAnswerFetcher = (req: Request, apiPath: string) => Promise<unknown>;

/** Where the server build of the web app puts its entry (web/package.json's build). */
const SERVER_ENTRY = path.join('ssr', 'entry-server.js');
/** web/src/lib/page-answers.tsx's PAGE_ANSWERS_ELEMENT_ID. */
const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';
/** A page not rendered in this long is sent as the bare index.html, which the browser renders. */
const RENDER_TIMEOUT_MS = 1_000;
const ROOT_ELEMENT = '<div id="root"></div>';
/** How many pages' HTML is kept: a page renders the same for every visitor, so each is rendered once per build. */
const KEPT_PAGES = 500;

/**
 * The server entry of the web build at `webDist`, loaded once; null when the build has none (an older build, or a
 * test's index.html alone) or it cannot be loaded (logged), and the browser renders every page.
 */
function serverEntryOf(webDist: string, logger?: Logger): () => Promise<ServerEntry | null> {
  const entry = path.join(webDist, SERVER_ENTRY);
  let loading: Promise<ServerEntry | null> | null = null;
  return () =>
    (loading ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then(
          (module: ServerEntry) => module,
          (error: unknown) => {
            logger?.error({ err: error, entry }, "the web build's server entry could not be loaded");
            return null;
          },
        )
      : Promise.resolve(null));
}

/**
 * The answers as the JSON of a data block: never run, and `<` written as its escape, so that no value can end the
 * element (`</script>`) or open another.
 */
export function pageAnswersElement(answers: PageAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/**
 * index.html with the page at `url` rendered into #root (with `answers`, sent beside it), or as it is when the page is
 * not pre-rendered, or when rendering fails or takes too long (the browser renders it then, as before).
 */
export async function pageHtml(
  indexHtml: string,
  url: string,
  render: PageRenderer | null,
  logger?: Logger,
  answers: PageAnswers = {},
): Promise<string> {
  if (!render || !indexHtml.includes(ROOT_ELEMENT)) return indexHtml;
  try {
    const rendered = await render(url, AbortSignal.timeout(RENDER_TIMEOUT_MS), answers);
    if (rendered === null) return indexHtml;
    const sent = Object.keys(answers).length > 0 ? pageAnswersElement(answers) : '';
    return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${rendered}</div>${sent}`);
  } catch (error) {
    logger?.warn({ err: error, url }, 'the page could not be pre-rendered; sent for the browser to render');
    return indexHtml;
  }
}

/**
 * The pages rendered for the current index.html, by address (and, for a page rendered with answers, those answers),
 * the oldest forgotten past KEPT_PAGES; a new build starts afresh. A page sent bare because its render failed is not
 * kept.
 */
function keptPages(): (indexHtml: string, keptAs: string, render: () => Promise<string>) => Promise<string> {
  let keptFor = '';
  const pages = new Map<string, string>();
  return async (indexHtml, keptAs, render) => {
    if (indexHtml !== keptFor) {
      pages.clear();
      keptFor = indexHtml;
    }
    const found = pages.get(keptAs);
    if (found !== undefined) return found;
    const html = await render();
    if (html === indexHtml) return html;
    if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value as string);
    pages.set(keptAs, html);
    return html;
  };
}

const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: SERVICE_TIME_ZONE });

/**
 * What a page rendered with answers is kept by besides its address: the answers (a digest of them), and the UK day,
 * since such a page says how long ago things were (the results page's summary) and must say what the browser, which
 * takes it over, says that day.
 */
function keptDayAndAnswers(answers: PageAnswers): string {
  const digest = createHash('sha256').update(JSON.stringify(answers)).digest('base64url');
  return `${ukDay.format(new Date())} ${digest}`;
}

/** The answers of `paths` that `fetchAnswer` has for the visitor, asked at once; those it has not are left out. */
async function answersFor(
  req: Request,
  paths: readonly string[],
  fetchAnswer: PageAnswerFetcher,
): Promise<PageAnswers> {
  const fetched = await Promise.all(paths.map((apiPath) => fetchAnswer(req, apiPath)));
  const answers: PageAnswers = {};
  paths.forEach((apiPath, index) => {
    if (fetched[index] !== undefined) answers[apiPath] = fetched[index];
  });
  return answers;
}

export interface WebRoutesOptions {
  /** Asks a page's public answers for the visitor (routes/page-answers.ts); none asked without it. */
  fetchAnswer?: PageAnswerFetcher;
  /** Spends the visitor's budget on each page asked for (answering 429 past it); nothing spent without it. */
  spendPage?: RequestHandler;
}

/**
 * Serves the built SPA (docs/architecture.md#web-delivery), compressed: hashed assets cached for a year, and for any
 * other GET that asks for a page, index.html, with the page already rendered into it when it is a public one (the
 * server build's renderPage), so that the first paint waits for no script and client-side routes survive a reload.
 * Each page is rendered at, and kept by, its path and the parameters it reads (pageAddress), and spends the visitor's
 * budget (`spendPage`). A page rendered with public answers (pageAnswerPaths: a garage's page) has them asked through
 * `fetchAnswer`, and is kept by its address and those answers. Without a build it says how to make one.
 */
export function webRoutes(webDist: string, logger?: Logger, { fetchAnswer, spendPage }: WebRoutesOptions = {}): Router {
  const router = Router();
  const indexFile = path.join(webDist, 'index.html');
  const serverEntry = serverEntryOf(webDist, logger);
  // Loaded now, not by the first visitor, whose page would take the longer for it.
  void serverEntry();
  const kept = keptPages();
  router.use(compression());
  // The server build is the gateway's, not the browser's, however its path is spelt.
  router.use((req, _res, next) => (isServerBundlePath(req.originalUrl) ? next('router') : next()));
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));
  const asksForPage: RequestHandler = (req, _res, next) => (req.accepts('html') ? next() : next('route'));
  const pageHandlers = spendPage ? [asksForPage, spendPage] : [asksForPage];
  router.get(/^(?!\/api\/).*/, ...pageHandlers, (req, res, next) => {
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app has not been built. Run `npm run build:web` (npm start does it for you).');
      return;
    }
    Promise.all([readFile(indexFile, 'utf8'), serverEntry()])
      .then(async ([indexHtml, entry]) => {
        // Rendered at, and kept by, what the page reads of the address: any other parameter changes nothing.
        const url = entry?.pageAddress?.(req.originalUrl) ?? req.originalUrl;
        const paths = (fetchAnswer && entry?.pageAnswerPaths?.(url)) || [];
        const answers = paths.length > 0 ? await answersFor(req, paths, fetchAnswer!) : {};
        const keptAs = Object.keys(answers).length > 0 ? `${url}\n${keptDayAndAnswers(answers)}` : url;
        return kept(indexHtml, keptAs, () => pageHtml(indexHtml, url, entry?.renderPage ?? null, logger, answers));
      })
      .then((html) => {
        res.setHeader('cache-control', 'no-cache');
        res.type('html').send(html);
      }, next);
  });
  return router;
}
