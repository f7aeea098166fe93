import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';

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

/**
 * The HTML of #root for the page at `url` (path and query), or null for a page rendered in the browser only. React
 * escapes every value it renders. Waits for the page's lazy parts; `signal` gives up on a render that takes too long.
 */
export async function renderPage(url: string, signal?: AbortSignal): Promise<string | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!isPrerendered(pathname)) return null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
