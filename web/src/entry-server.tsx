import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { garageProfilePath } from './api/garage-profiles';
import { lookupByVinPath, lookupPath } from './api/lookup-service-records';
import { App } from './App';
import { lookupRegistrationSchema, lookupVinSchema } from './lib/lookup-registration';
import { PageAnswersProvider, type TPageAnswers } from './lib/page-answers';

/**
 * The public pages the gateway answers with their HTML already in index.html's #root (docs/architecture.md#web-delivery),
 * so that the first paint waits for no script; main.tsx then hydrates them. Only pages that render the same for every
 * visitor: a signed-out frame, nothing of a session, and a page whose data loads in the browser shows what it shows
 * while loading. The pages behind sign-in are not among them (their guard would send a signed-in visitor away).
 */
const PRERENDERED = [
  /^\/$/,
  /^\/lookup$/,
  /^\/vehicle-results$/,
  /^\/garages(\/[^/]+)?$/,
  /^\/(pricing|faq|about|contact|support|getting-started|privacy-policy|terms-of-service|cookie-policy)$/,
];

export function isPrerendered(pathname: string): boolean {
  return PRERENDERED.some((pattern) => pattern.test(pathname));
}

/** The query parameters a pre-rendered page reads; any other changes nothing it renders. */
const PAGE_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/vehicle-results': ['reg', 'vin'],
  '/garages/find': ['q'],
};

/**
 * The address the page at `url` is rendered at and kept by (docs/architecture.md#web-delivery): its path as it came and
 * only the query parameters the page reads, in a fixed order, so that a made-up parameter renders nothing again.
 */
export function pageAddress(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const given = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const read = new URLSearchParams();
  for (const name of PAGE_PARAMETERS[pathname] ?? []) {
    const value = given.get(name);
    if (value !== null) read.set(name, value);
  }
  const query = read.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A garage's public page: /garages/{slug}, but the finder. */
const GARAGE_PAGE = /^\/garages\/([^/]+)$/;

/**
 * The public API answers (paths under /api/v1) the page at `url` is rendered with, which the gateway asks for and
 * hands to renderPage (docs/architecture.md#web-delivery): the results page shows the vehicle's history, and a garage's
 * page its garage, from the first paint, to a phone and to a search engine alike. Each is the path the page's own call
 * asks (VehicleResultsPage's search, GarageProfilePage's slug), and none for a search the page refuses. None for any
 * other page.
 */
export function pageAnswerPaths(url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/vehicle-results') {
    const registration = (searchParams.get('reg') ?? '').trim();
    const vin = (searchParams.get('vin') ?? '').trim().toUpperCase();
    // Checked as the page checks it (VehicleResultsPage): a search the lookup would refuse is asked for nothing.
    if (registration)
      return lookupRegistrationSchema.safeParse({ registration }).success ? [lookupPath(registration)] : [];
    return vin && lookupVinSchema.safeParse({ vin }).success ? [lookupByVinPath(vin)] : [];
  }
  const garage = GARAGE_PAGE.exec(pathname);
  if (!garage || garage[1] === 'find') return [];
  try {
    return [garageProfilePath(decodeURIComponent(garage[1]!))];
  } catch {
    return []; // not a slug anyone has (a malformed escape): the page says so in the browser
  }
}

/**
 * The HTML of #root for the page at `url` (path and query), or null for a page rendered in the browser only, with
 * `answers` (of pageAnswerPaths) where the gateway had them. React escapes every value it renders. Waits for the
 * page's lazy parts; `signal` gives up on a render that takes too long.
 */
export async function renderPage(
  url: string,
  signal?: AbortSignal,
  answers: TPageAnswers = {},
): Promise<string | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!isPrerendered(pathname)) return null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <PageAnswersProvider answers={answers}>
          <App />
        </PageAnswersProvider>
      </StaticRouter>
    </StrictMode>,
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
