import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TGarageServiceRecord, type TSubscriptionStatus } from '@sh/shared/contract';
import { buildSubscription, failure, GARAGE_USER, mockApi, ok, pending, renderApp, storeSession, type TApiReply, type TApiRoute } from './support';

let recordNumber = 0;

/** A record of the garage's own list; each call gives a new id unless one is given. */
function buildRecord(overrides: Partial<TGarageServiceRecord> = {}): TGarageServiceRecord {
  recordNumber += 1;
  const suffix = String(recordNumber).padStart(12, '0');
  return {
    id: `3f1c9a52-8d4e-4b7a-9c2e-${suffix}`,
    garage_id: GARAGE_USER.id,
    vin: 'WVWZZZ1KZAW000001',
    vehicle_registration: 'AB12CDE',
    service_date: '2025-03-14',
    mileage: 45210,
    service_type: 'Full Service',
    notes: null,
    technician_name: null,
    created_at: '2025-03-14T10:22:00.000Z',
    mileage_anomaly: false,
    garage: { name: 'Hartley Motors', address: '4 Mill Lane, Leeds LS1 4AB' },
    amendments: [],
    customer_email: null,
    customer_phone: null,
    signed_by: 'Jo Hartley',
    receipt: null,
    ...overrides,
  };
}

function page(serviceRecords: TGarageServiceRecord[], nextCursor: string | null = null): TApiReply {
  return ok({ serviceRecords, nextCursor });
}

function openDashboard(mine: TApiRoute, status: TSubscriptionStatus = 'active') {
  const api = mockApi({
    'GET billing/subscription': ok(buildSubscription({ subscription_status: status })),
    'GET garages/me': pending,
    'GET auth/me': pending,
    'GET service-records/mine': mine,
  });
  storeSession(GARAGE_USER, 'garage');
  renderApp('/garage');
  return api;
}

function recordTitles(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

function queryOf(call: { query: string } | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(call?.query ?? ''));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GarageDashboardPage: the service records', () => {
  it('lists the records with icon, registration, date, mileage, notes and technician', async () => {
    openDashboard(
      page([
        buildRecord({ service_type: 'Oil & Filter Change', notes: 'Used 5W-30.', technician_name: 'Sam Patel', mileage: 61234 }),
        buildRecord({ service_type: 'Brake Pad Replacement', service_date: '2024-11-02', vehicle_registration: 'CD34EFG' }),
      ]),
    );
    await screen.findAllByRole('article');
    const [oil, brake] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(oil.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('oil');
    expect(within(oil).getByText('14 March 2025')).toBeTruthy();
    expect(within(oil).getByText('61,234 miles')).toBeTruthy();
    expect(within(oil).getByText('Used 5W-30.')).toBeTruthy();
    expect(within(oil).getByText('Sam Patel')).toBeTruthy();
    expect(within(oil).getByText('AB12')).toBeTruthy();
    expect(brake.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('brake');
    expect(within(brake).getByText('2 November 2024')).toBeTruthy();
    expect(within(brake).queryByText('Technician')).toBeNull();
    // The button waits for the subscription, which may answer after the records.
    expect((await screen.findByRole('link', { name: 'Add Service History' })).getAttribute('href')).toBe('/add-service');
  });

  it('appends the next page with its cursor, never showing a record twice', async () => {
    const [first, second, third] = [buildRecord({ service_type: 'First' }), buildRecord({ service_type: 'Second' }), buildRecord({ service_type: 'Third' })];
    const api = openDashboard((call) => (queryOf(call).cursor === 'cursor-2' ? page([second, third], null) : page([first, second], 'cursor-2')));

    await screen.findAllByRole('article');
    expect(recordTitles()).toEqual(['First', 'Second']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await vi.waitFor(() => expect(recordTitles()).toEqual(['First', 'Second', 'Third']));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const calls = api.callsTo('GET service-records/mine');
    expect(calls).toHaveLength(2);
    expect(queryOf(calls[0]).cursor).toBeUndefined();
    expect(queryOf(calls[1]).cursor).toBe('cursor-2');
  });

  it('asks for one more page at a time, however often Load more is pressed', async () => {
    let answerMore: (() => void) | undefined;
    const api = openDashboard((call) =>
      queryOf(call).cursor
        ? new Promise((resolve) => {
            answerMore = () => resolve(page([buildRecord({ service_type: 'Older' })], null));
          })
        : page([buildRecord({ service_type: 'Newest' })], 'cursor-2'),
    );
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    fireEvent.click(loadMore);
    fireEvent.click(loadMore);
    expect(api.callsTo('GET service-records/mine')).toHaveLength(2);
    answerMore?.();
    await vi.waitFor(() => expect(recordTitles()).toEqual(['Newest', 'Older']));
  });

  it('filters by registration, upper-cased as typed, and shows all again when cleared', async () => {
    const api = openDashboard((call) =>
      queryOf(call).registration === 'ZZ99ZZZ' ? page([]) : page([buildRecord({ service_type: 'Unfiltered' })]),
    );
    await screen.findAllByRole('article');
    const box = screen.getByLabelText('Filter by registration') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'zz99 zzz' } });
    expect(box.value).toBe('ZZ99ZZZ');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));

    expect(await screen.findByText('You have no records for ZZ99ZZZ.')).toBeTruthy();
    expect(queryOf(api.callsTo('GET service-records/mine')[1]).registration).toBe('ZZ99ZZZ');
    expect(screen.queryByRole('link', { name: 'Add First Record' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show all records' }));
    await vi.waitFor(() => expect(recordTitles()).toEqual(['Unfiltered']));
    expect(box.value).toBe('');
    expect(queryOf(api.callsTo('GET service-records/mine')[2]).registration).toBeUndefined();
  });

  it.each([
    ['active', 'Add First Record', '/add-service', 'Add Service History'],
    ['trialing', 'Add First Record', '/add-service', 'Add Service History'],
    ['inactive', 'Subscribe to Get Started', '/pricing', 'Subscribe to Add Records'],
  ] as const)('with no records and a subscription that is %s, offers %s', async (status, emptyAction, href, headerAction) => {
    openDashboard(page([]), status);
    expect((await screen.findByRole('link', { name: emptyAction })).getAttribute('href')).toBe(href);
    expect(screen.getByRole('link', { name: headerAction }).getAttribute('href')).toBe(href);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("says 'Failed to load service history' when the list cannot be loaded, and retries", async () => {
    openDashboard((_call, count) => (count === 1 ? failure(500, 'internal', MESSAGES.platform.internal) : page([buildRecord({ service_type: 'Recovered' })])));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.dashboard.loadFailed);
    expect(screen.queryByRole('link', { name: 'Add First Record' })).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(recordTitles()).toEqual(['Recovered']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a loading state while the first page is on its way', async () => {
    openDashboard(pending);
    expect(await screen.findByText('Loading service history…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add First Record' })).toBeNull();
  });
});

describe('GarageDashboardPage: receipts', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the receipt under a collapsed "Receipt" button, with Copy buttons that confirm', async () => {
    const receipt = {
      hash: 'ab'.repeat(32),
      prev_hash: 'cd'.repeat(32),
      position: 3,
      registration: 'AB12CDE',
      signed_at: '2025-03-14T10:22:00.000Z',
      signature: 'U2lnbmVkIGJ5IHRoZSByZWNvcmRzIHNlcnZpY2U=',
      key_id: '4f1e2d3c4b5a6978',
      leaf_index: 12,
    };
    openDashboard(page([buildRecord({ receipt }), buildRecord({ service_type: 'No receipt yet' })]));
    const [withReceipt, without] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(without).getByText('No receipt is available for this record.')).toBeTruthy();

    const toggle = within(withReceipt).getByRole('button', { name: 'Receipt' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(withReceipt).getByText('Entry 3 in this vehicle’s history')).toBeTruthy();
    expect(within(withReceipt).getByText(receipt.hash)).toBeTruthy();
    expect(within(withReceipt).getByText(receipt.signature)).toBeTruthy();
    // The key that signed it, by which the receipt is checked after a rotation.
    expect(within(withReceipt).getByText(receipt.key_id)).toBeTruthy();

    fireEvent.click(within(withReceipt).getByRole('button', { name: 'Copy hash' }));
    expect(await within(withReceipt).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(receipt.hash);

    fireEvent.click(within(withReceipt).getByRole('button', { name: 'Copy signature' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith(receipt.signature));
  });
});
