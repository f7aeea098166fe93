import { waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sh/shared/contract';
import { App } from '../src/App';
import { isPrerendered, pageAddress, pageAnswerPaths, renderPage } from '../src/entry-server';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  PageAnswersProvider,
  readPageAnswers,
  type TPageAnswers,
} from '../src/lib/page-answers';
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
async function hydrateAt(url: string, answers: TPageAnswers = {}) {
  const html = await renderPage(url, undefined, answers);
  if (html === null) throw new Error(`${url} is not pre-rendered`);
  // Here the server's renderer shares React with the browser's, which the gateway's never does (it has a copy of its
  // own, web/dist/ssr): it leaves the contexts of its last render set until it renders again, so it renders nothing.
  await prerenderToNodeStream(<></>);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  // As the gateway sends them (routes/web.ts's pageAnswersElement), and main.tsx reads them.
  const sent = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: PAGE_ANSWERS_ELEMENT_ID,
    textContent: JSON.stringify(answers),
  });
  document.body.append(container, sent);
  const recovered: unknown[] = [];
  root = hydrateRoot(
    container,
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <PageAnswersProvider answers={readPageAnswers()}>
          <App />
        </PageAnswersProvider>
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

  it('are kept by their path and only the parameters the page reads, in a fixed order', () => {
    expect(pageAddress('/pricing?x=1&utm_source=mail')).toBe('/pricing');
    expect(pageAddress('/vehicle-results?x=2&vin=WF0&reg=AD61%20HCX&reg=other')).toBe(
      '/vehicle-results?reg=AD61+HCX&vin=WF0',
    );
    expect(pageAddress('/garages/find?page=3&q=Bristol')).toBe('/garages/find?q=Bristol');
    expect(pageAddress('/garages/hartley-motors?q=Bristol')).toBe('/garages/hartley-motors');
    expect(pageAddress('/')).toBe('/');
  });

  it('render a search the lookup would refuse as its message, escaped, with nothing asked', async () => {
    const html = await renderPage('/vehicle-results?reg=..');
    expect(html).toContain(MESSAGES.platform.registrationInvalidCharacters);
    expect(html).not.toContain('rel="preload"');
  });

  it('date the footer\'s "©" by the year of the build, as the browser\'s bundle does', async () => {
    const html = await renderPage('/pricing');
    expect(html).toContain(`© ${__BUILD_YEAR__} Wrenchmark. All rights reserved.`);
    expect(__BUILD_YEAR__).toBe(new Date().getUTCFullYear());
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

  it("render a garage's page with the garage the gateway asked for, and are taken over without asking for it again", async () => {
    const garage = {
      slug: 'hartley-motors-ltd',
      name: 'Hartley Motors Ltd',
      address: '27 Skipton Road, Harrogate, HG1 4LH',
      town: 'Harrogate',
      postcode_district: 'HG1',
      logo_url: null,
      id: '3479ef9d-1bec-4519-bd0f-40f51e02d146',
      phone: '01632960215',
      opening_hours: 'Mon-Fri 8-6',
      services_offered: HOSTILE,
      company: { name: 'HARTLEY MOTORS LTD', number: '04879592', verified_since: '2026-02-04T16:35:34.000Z' },
      listed: true,
    };
    expect(pageAnswerPaths('/garages/hartley-motors-ltd')).toEqual(['garage-profiles/hartley-motors-ltd']);
    expect(pageAnswerPaths('/garages/find')).toEqual([]);
    expect(pageAnswerPaths('/lookup')).toEqual([]);
    expect(pageAnswerPaths('/garages/%E0%A4%A')).toEqual([]);
    const api = mockApi({ [`GET garage-profiles/${garage.id}/services-logged`]: pending });
    const answers = { 'garage-profiles/hartley-motors-ltd': { status: 200, data: { garage } } };
    const { container, recovered } = await hydrateAt('/garages/hartley-motors-ltd', answers);
    // In the HTML itself: the garage, its hours, a hostile value as text.
    expect(container.querySelector('h1')?.textContent).toBe('Hartley Motors Ltd');
    expect(container.textContent).toContain('Mon-Fri 8-6');
    expect(container.querySelector('img')).toBeNull();
    const heading = container.querySelector('h1');
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toContain(`garage-profiles/${garage.id}/services-logged`),
    );
    expect(api.calls.map((call) => call.path)).not.toContain('garage-profiles/hartley-motors-ltd');
    expect(container.querySelector('h1')).toBe(heading);
    expect(recovered).toEqual([]);
  });

  it('render the results page with the history the gateway had, taken over without asking for it again', async () => {
    const record = (id: string, service_date: string, mileage: number) => ({
      id,
      garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
      vin: 'WF0AXXGCDA1234567',
      vehicle_registration: 'AD61HCX',
      service_date,
      mileage,
      service_type: 'Full Service',
      notes: HOSTILE,
      technician_name: null,
      created_at: `${service_date}T10:00:00.000Z`,
      mileage_anomaly: false,
      garage: { name: 'Riverside Motors', address: '12 Quay Street, Bristol BS1 4DJ' },
      amendments: [],
    });
    const serviceRecords = [
      record('3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f', '2022-03-10', 30000),
      record('5a6b7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', '2024-02-01', 52000),
    ];
    expect(pageAnswerPaths('/vehicle-results?reg=%20AD61HCX%20')).toEqual(['service-records/lookup/AD61HCX']);
    expect(pageAnswerPaths('/vehicle-results?vin=wf0axxgcda1234567')).toEqual([
      'service-records/lookup-by-vin/WF0AXXGCDA1234567',
    ]);
    expect(pageAnswerPaths('/vehicle-results')).toEqual([]);
    // A search the lookup would refuse is asked for nothing (no '..' climbing out of the lookup's path).
    expect(pageAnswerPaths('/vehicle-results?reg=..')).toEqual([]);
    expect(pageAnswerPaths('/vehicle-results?vin=..%2F..')).toEqual([]);
    // Without the answer the page asks for it in its HTML (a preload); with it, it has no need to.
    expect(await renderPage('/vehicle-results?reg=AD61HCX')).toContain(
      '<link rel="preload" href="/api/v1/service-records/lookup/AD61HCX" as="fetch"',
    );
    const answers = { 'service-records/lookup/AD61HCX': { status: 200, data: { serviceRecords } } };
    expect(await renderPage('/vehicle-results?reg=AD61HCX', undefined, answers)).not.toContain('rel="preload"');

    const api = mockApi({
      'GET vehicles/AD61HCX': pending,
      'GET service-records/log/checkpoint': pending,
    });
    const { container, recovered } = await hydrateAt('/vehicle-results?reg=AD61HCX', answers);
    // In the HTML itself: the count, the newest first, the notes as text.
    expect(container.querySelector('.results-header__count')?.textContent).toBe('2 records found');
    expect(container.querySelector('.record-card__date')?.textContent).toBe('1 February 2024');
    expect(container.querySelector('img')).toBeNull();
    const heading = container.querySelector('h1');
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('vehicles/AD61HCX'));
    expect(api.calls.map((call) => call.path)).not.toContain('service-records/lookup/AD61HCX');
    expect(container.querySelector('h1')).toBe(heading);
    expect(recovered).toEqual([]);
  });
});
