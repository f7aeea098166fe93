import { waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/App';
import { isPrerendered, renderPage } from '../src/entry-server';
import { GARAGE_USER, mockApi, pending, storeSession } from './support';

const HOSTILE = '<img src=x onerror=alert(1)>';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * What a browser does with a page the gateway rendered: index.html's #root holds the HTML, and main.tsx hydrates it.
 * Gives the container, and the errors React recovered from (a mismatch re-renders the page from scratch: a flash).
 */
async function hydrateAt(url: string) {
  const html = await renderPage(url);
  if (html === null) throw new Error(`${url} is not pre-rendered`);
  // Here the server's renderer shares React with the browser's, which the gateway's never does (it has a copy of its
  // own, web/dist/ssr): it leaves the contexts of its last render set until it renders again, so it renders nothing.
  await prerenderToNodeStream(<></>);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const recovered: unknown[] = [];
  root = hydrateRoot(
    container,
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <App />
      </MemoryRouter>
    </StrictMode>,
    { onRecoverableError: (error) => recovered.push(error) },
  );
  return { container, recovered };
}

describe('the pages the gateway pre-renders (entry-server.tsx)', () => {
  it('render the results page with its registration in the heading, and no script', async () => {
    const html = await renderPage('/vehicle-results?reg=AD61HCX');
    expect(html).toMatch(
      /<h1[^>]*>Service History for(<!-- -->)? <span[^>]*number-plate[^>]*>.*AD61<span[^>]*number-plate__gap[^>]*>HCX/,
    );
    expect(html).not.toContain('<script');
  });

  it('escape a hostile registration: it is text, never markup', async () => {
    const html = await renderPage(`/vehicle-results?reg=${encodeURIComponent(HOSTILE)}`);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;IMG SRC=X ONERROR=ALERT(1)&gt;');
  });

  it('render the frame signed out, whatever the browser holds, and leave the pages behind sign-in to the browser', async () => {
    storeSession(GARAGE_USER, 'garage');
    const html = await renderPage('/lookup');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain(GARAGE_USER.email);
    for (const path of ['/login', '/garage', '/account', '/admin', '/add-service', '/checkout']) {
      expect(isPrerendered(path), path).toBe(false);
      expect(await renderPage(path)).toBeNull();
    }
    expect(['/', '/lookup', '/vehicle-results', '/garages/find', '/garages/hartley-motors'].every(isPrerendered)).toBe(
      true,
    );
  });

  it('are taken over as they are: the heading the server rendered stays the same element, with nothing to recover from', async () => {
    mockApi({ 'GET service-records/lookup/AD61HCX': pending, 'GET vehicles/AD61HCX': pending });
    const { container, recovered } = await hydrateAt('/vehicle-results?reg=AD61HCX');
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toContain('AD61HCX');
    // The full link needs the browser's origin: it follows at once after hydration (use-site-origin.ts).
    await waitFor(() =>
      expect(container.querySelector('.report-share__link code')?.textContent).toBe(
        `${window.location.origin}/vehicle-results?reg=AD61HCX`,
      ),
    );
    expect(container.querySelector('h1')).toBe(heading);
    expect(recovered).toEqual([]);
  });

  it('are taken over as they are for a visitor who signed in before: the session follows the hydration', async () => {
    storeSession(GARAGE_USER, 'garage');
    mockApi({ 'GET billing/subscription': pending });
    const consoleError = vi.spyOn(console, 'error');
    const { container, recovered } = await hydrateAt('/lookup');
    const form = container.querySelector('form');
    await waitFor(() => expect(document.title).toMatch(/^Check a vehicle/));
    expect(container.querySelector('form')).toBe(form);
    expect(recovered).toEqual([]);
    expect(consoleError.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
  });
});
