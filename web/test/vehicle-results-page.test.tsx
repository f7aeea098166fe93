import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TPublicServiceRecord } from '@sh/shared/contract';
import { VehicleResultsPage } from '../src/pages/VehicleResultsPage';

function buildRecord(overrides: Partial<TPublicServiceRecord> = {}): TPublicServiceRecord {
  return {
    id: '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: 'WVWZZZ1KZAW000001',
    vehicle_registration: 'AB12CDE',
    service_date: '2025-03-14',
    mileage: 45210,
    service_type: 'Full Service',
    notes: 'Replaced air filter and wiper blades.',
    technician_name: 'Sam Patel',
    created_at: '2025-03-14T10:22:00.000Z',
    mileage_anomaly: false,
    garage: { name: 'Riverside Motors', address: '12 Quay Street, Bristol BS1 4DJ' },
    amendments: [],
    ...overrides,
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The history check's calls (the log and the chain): unanswered here; test/history-integrity.test.tsx covers them. */
const answerHistoryCheck = () => new Promise<Response>(() => {});
/** The buyer's report (GET vehicles/...) beside the records: unanswered here; test/vehicle-report.test.tsx covers it. */
const answerVehicleReport = () => new Promise<Response>(() => {});

/**
 * Stubs fetch: the lookup calls get `responses` in turn; the history check (service-records/log/..., verify/...)
 * gets answerHistoryCheck and the report beside the records answerVehicleReport, so the lookup's own call count
 * stays what it was.
 */
function mockFetch(...responses: Array<Response | Error>) {
  const lookups = [...responses];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (/^\/api\/v1\/service-records\/(log|verify)\//.test(url)) return answerHistoryCheck();
    if (url.startsWith('/api/v1/vehicles/')) return answerVehicleReport();
    const next = lookups.shift();
    if (!next) throw new Error(`No answer left for ${url}`);
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lookupCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/service-records/lookup/'));
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/vehicle-results" element={<VehicleResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VehicleResultsPage', () => {
  it('asks the lookup endpoint for the registration, URL-encoded', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    renderAt('/vehicle-results?reg=AB12%20CDE');
    await screen.findByText('No Records Found');
    expect(lookupCalls(fetchMock).map(([url]) => url)).toEqual(['/api/v1/service-records/lookup/AB12%20CDE']);
  });

  it('says "Amended on {date} by the platform: {reason}" under a record for each amendment, and nothing on one never amended', async () => {
    mockFetch(
      jsonResponse(200, {
        status: 200,
        data: {
          serviceRecords: [
            buildRecord({
              amendments: [
                { amended_at: '2026-11-23T14:05:00.000Z', reason: 'Garage reported a typo' },
                { amended_at: '2026-12-01T23:30:00.000Z', reason: 'Wrong service date' },
              ],
            }),
            buildRecord({ id: '7c8d9e0f-2a3b-4c5d-9e6f-7a8b9c0d1e2f', service_date: '2024-06-20' }),
          ],
        },
      }),
    );
    renderAt('/vehicle-results?reg=AB12CDE');

    const [amended, untouched] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(
      within(amended)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Amended on 23 November 2026 by the platform: Garage reported a typo',
      'Amended on 1 December 2026 by the platform: Wrong service date',
    ]);
    expect(untouched.textContent).not.toContain('Amended on');
  });

  it('says "Imported on {date}, serviced on {date}" on a record imported from its garage\'s history, and nothing on one logged', async () => {
    mockFetch(
      jsonResponse(200, {
        status: 200,
        data: {
          serviceRecords: [
            buildRecord({ service_date: '2019-04-02', created_at: '2026-11-25T23:30:00.000Z', imported: true }),
            buildRecord({ id: '7c8d9e0f-2a3b-4c5d-9e6f-7a8b9c0d1e2f', service_date: '2018-06-20' }),
          ],
        },
      }),
    );
    renderAt('/vehicle-results?reg=AB12CDE');

    const [imported, logged] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    // Received late on 25 November in UTC, which is the 25th in London too (GMT).
    expect(imported.textContent).toContain('Imported on 25 November 2026, serviced on 2 April 2019');
    expect(logged.textContent).not.toContain('Imported on');
  });

  it('shows a spinner while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    renderAt('/vehicle-results?reg=AB12CDE');
    expect(screen.getByText('Searching service records…')).toBeTruthy();
    // Issue 26 (layout shift): the count's line is held open, and nothing the answer would push down is shown yet.
    expect(document.querySelector('.results-header__count')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByText(MESSAGES.vehicleReport.loading)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Search Another Vehicle' })).toBeNull();
  });

  it('renders the title, the count and one card per record, newest first', async () => {
    mockFetch(
      jsonResponse(200, {
        status: 200,
        data: {
          serviceRecords: [
            buildRecord({
              id: '5a6b7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
              service_date: '2023-11-02',
              mileage: 31950,
              service_type: 'Oil Change',
              notes: null,
              technician_name: null,
            }),
            buildRecord(),
            buildRecord({
              id: '7c8d9e0f-2a3b-4c5d-9e6f-7a8b9c0d1e2f',
              service_date: '2024-06-20',
              mileage: 30100,
              service_type: 'Brake Replacement',
              mileage_anomaly: true,
              garage: {
                name: 'Riverside Motors',
                address: '12 Quay Street, Bristol BS1 4DJ',
                slug: 'riverside-motors',
              },
            }),
          ],
        },
      }),
    );
    renderAt('/vehicle-results?reg=AB12CDE');

    expect((await screen.findByText('3 records found')).tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Service History for AB12CDE');

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    const [newest, middle, oldest] = cards as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(newest).getByRole('heading', { name: 'Full Service' })).toBeTruthy();
    expect(within(newest).getByText('14 March 2025')).toBeTruthy();
    expect(within(newest).getByText('45,210 miles')).toBeTruthy();
    expect(within(newest).getByText('Riverside Motors').parentElement?.textContent).toBe(
      'Serviced by Riverside Motors',
    );
    expect(within(newest).getByText('Sam Patel')).toBeTruthy();
    expect(within(newest).getByText('Replaced air filter and wiper blades.')).toBeTruthy();
    expect(within(newest).getByText('12 Quay Street, Bristol BS1 4DJ')).toBeTruthy();
    expect(newest.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('full-service');
    expect(within(newest).queryByText(MESSAGES.platform.mileageAnomaly)).toBeNull();

    expect(within(middle).getByRole('heading', { name: 'Brake Replacement' })).toBeTruthy();
    // "Serviced by" links to the garage's page once records knows its slug (docs/product.md#garage-profiles).
    expect(within(middle).getByRole('link', { name: 'Riverside Motors' }).getAttribute('href')).toBe(
      '/garages/riverside-motors',
    );
    expect(within(newest).queryByRole('link', { name: 'Riverside Motors' })).toBeNull();
    expect(middle.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('brake');
    expect(within(middle).getByText(MESSAGES.platform.mileageAnomaly)).toBeTruthy();

    expect(within(oldest).getByRole('heading', { name: 'Oil Change' })).toBeTruthy();
    expect(within(oldest).getByText('2 November 2023')).toBeTruthy();
    expect(oldest.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('oil');
    expect(within(oldest).queryByText('Technician')).toBeNull();
    expect(within(oldest).queryByText('Notes')).toBeNull();

    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/lookup');
    expect(screen.getByRole('link', { name: 'Search Another Vehicle' }).getAttribute('href')).toBe('/');
  });

  it('says "1 record found", gives other services the generic icon and omits an unknown mileage', async () => {
    mockFetch(
      jsonResponse(200, {
        status: 200,
        data: { serviceRecords: [buildRecord({ service_type: 'Tyre Replacement', mileage: null })] },
      }),
    );
    renderAt('/vehicle-results?reg=AB12CDE');

    await screen.findByText('1 record found');
    const card = screen.getByRole('article');
    expect(card.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('general');
    expect(card.textContent).not.toContain('miles');
  });

  it('shows the empty state when the vehicle has no records', async () => {
    mockFetch(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    renderAt('/vehicle-results?reg=ZZ99ZZZ');

    expect(await screen.findByRole('heading', { name: 'No Records Found' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.lookup.noRecords)).toBeTruthy();
    expect(screen.getByText('0 records found')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says no registration was provided, without calling the API, when reg is missing or blank', () => {
    const fetchMock = mockFetch();
    renderAt('/vehicle-results?reg=%20%20');
    expect(screen.getByText(MESSAGES.lookup.noRegistration)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is wrong with a registration or VIN the lookup would refuse, without calling the API', () => {
    const fetchMock = mockFetch();
    renderAt('/vehicle-results?reg=..');
    expect(screen.getByText(MESSAGES.platform.registrationInvalidCharacters)).toBeTruthy();
    cleanup();
    renderAt('/vehicle-results?reg=AB12%20CD%2F');
    expect(screen.getByText(MESSAGES.platform.registrationInvalidCharacters)).toBeTruthy();
    cleanup();
    renderAt('/vehicle-results?vin=..%2F..');
    expect(screen.getByText(MESSAGES.records.vinInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for an error envelope, and retries", async () => {
    const fetchMock = mockFetch(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        message: MESSAGES.platform.registrationInvalidCharacters,
        errors: [{ path: 'registration', message: MESSAGES.platform.registrationInvalidCharacters }],
      }),
      jsonResponse(200, { status: 200, data: { serviceRecords: [buildRecord()] } }),
    );
    renderAt('/vehicle-results?reg=AB12CDE');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.platform.registrationInvalidCharacters);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 record found')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lookupCalls(fetchMock)).toHaveLength(2);
  });

  it('shows a generic message when the network fails', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    renderAt('/vehicle-results?reg=AB12CDE');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.platform.networkFailure);
  });
});

describe('VehicleResultsPage: the history check', () => {
  it('starts checking the records in the browser, and does not check a history with no records', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { status: 200, data: { serviceRecords: [buildRecord()] } }));
    renderAt('/vehicle-results?reg=AB12CDE');
    expect(await screen.findByText('Checking this history in your browser…')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/service-records/log/checkpoint'),
    );
    cleanup();

    const emptyFetch = mockFetch(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    renderAt('/vehicle-results?reg=AB12CDE');
    await screen.findByText('No Records Found');
    expect(emptyFetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/service-records/lookup/AB12CDE',
      '/api/v1/vehicles/AB12CDE',
    ]);
    expect(screen.queryByText(/Checking this history/)).toBeNull();
  });
});
