import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVELOPMENT_LOG,
  MESSAGES,
  RECORD_EXPORT_MESSAGES,
  type TGarageReceipt,
  type TGarageServiceRecord,
  type TSubscriptionStatus,
  PAST_DUE_MESSAGES,
} from '@sh/shared/contract';
import { encodeBase64, parseSignerKey, signCheckpoint } from '@sh/shared/transparency-log';
import { DEV_LOG_SIGNING_KEY } from '../../packages/shared/src/server/services';
import { rememberedCheckpointKey } from '../src/lib/log-witness';
import { sendBrowserTo } from '../src/lib/browser-location';
import { buildFakeLog } from './fake-log';
import {
  buildSubscription,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  renderApp,
  storeSession,
  type TApiReply,
  type TApiRoute,
} from './support';

vi.mock('../src/lib/browser-location', () => ({
  sendBrowserTo: vi.fn(),
  siteOrigin: () => 'https://wrenchmark.example',
}));

const PORTAL_URL = 'https://billing.stripe.example/p/session/bps_test_9z8y';

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

function openDashboard(
  mine: TApiRoute,
  status: TSubscriptionStatus = 'active',
  routes: Record<string, TApiRoute> = {},
) {
  const api = mockApi({
    'GET billing/subscription': ok(buildSubscription({ subscription_status: status })),
    'GET garages/me': pending,
    'GET auth/me': pending,
    'GET service-records/mine': mine,
    'GET reminders/garage': pending,
    'GET garage-team': pending,
    'GET api-keys': pending,
    ...routes,
  });
  storeSession(GARAGE_USER, 'garage');
  renderApp('/garage');
  return api;
}

function recordTitles(): string[] {
  return screen
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
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
        buildRecord({
          service_type: 'Oil & Filter Change',
          notes: 'Used 5W-30.',
          technician_name: 'Sam Patel',
          mileage: 61234,
        }),
        buildRecord({
          service_type: 'Brake Pad Replacement',
          service_date: '2024-11-02',
          vehicle_registration: 'CD34EFG',
        }),
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
    expect((await screen.findByRole('link', { name: 'Add Service History' })).getAttribute('href')).toBe(
      '/add-service',
    );
  });

  it('appends the next page with its cursor, never showing a record twice', async () => {
    const [first, second, third] = [
      buildRecord({ service_type: 'First' }),
      buildRecord({ service_type: 'Second' }),
      buildRecord({ service_type: 'Third' }),
    ];
    const api = openDashboard((call) =>
      queryOf(call).cursor === 'cursor-2' ? page([second, third], null) : page([first, second], 'cursor-2'),
    );

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
    ['inactive', 'Subscribe to Get Started', '/subscription', 'Subscribe to Add Records'],
    ['canceled', 'Subscribe to Get Started', '/subscription', 'Subscribe to Add Records'],
  ] as const)(
    'with no records and a subscription that is %s, offers %s',
    async (status, emptyAction, href, headerAction) => {
      openDashboard(page([]), status);
      expect((await screen.findByRole('link', { name: emptyAction })).getAttribute('href')).toBe(href);
      expect(screen.getByRole('link', { name: headerAction }).getAttribute('href')).toBe(href);
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    },
  );

  it('tells a garage whose payment failed, and its subscription buttons open the billing portal', async () => {
    vi.mocked(sendBrowserTo).mockClear();
    const api = openDashboard(page([]), 'past_due', { 'POST billing/portal': ok({ url: PORTAL_URL }) });
    expect(await screen.findByText(PAST_DUE_MESSAGES.pastDueNotice)).toBeTruthy();
    const buttons = await screen.findAllByRole('button', { name: 'Update payment details' });
    expect(buttons).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Subscribe to Add Records' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Subscribe to Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Service History' })).toBeNull();
    fireEvent.click(buttons[0]!);
    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST billing/portal')[0]?.authorization).toBe('Bearer access-1');
  });

  it('says why the billing portal did not open', async () => {
    vi.mocked(sendBrowserTo).mockClear();
    openDashboard(page([buildRecord()]), 'past_due', {
      'POST billing/portal': failure(502, 'bad_gateway', MESSAGES.billing.portalFailed),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update payment details' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.billing.portalFailed);
    expect(sendBrowserTo).not.toHaveBeenCalled();
  });

  it('shows a garage whose e-mail is not confirmed the notice, and drops it once the e-mail is confirmed', async () => {
    openDashboard(page([buildRecord()]), 'inactive', {
      'GET auth/me': (_call, count) => ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: count > 1 }),
    });
    expect(await screen.findByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
    // The notice is on screen once rendered; the page listens once React has run its effects, which act flushes.
    await act(async () => {});
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Please confirm your email address' })).toBeNull(),
    );
  });

  it("says 'Failed to load service history' when the list cannot be loaded, and retries", async () => {
    openDashboard((_call, count) =>
      count === 1
        ? failure(500, 'internal', MESSAGES.platform.internal)
        : page([buildRecord({ service_type: 'Recovered' })]),
    );
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

  const receipt = {
    hash: 'ab'.repeat(32),
    prev_hash: 'cd'.repeat(32),
    position: 3,
    registration: 'AB12CDE',
    signed_at: '2025-03-14T10:22:00.000Z',
    signature: 'U2lnbmVkIGJ5IHRoZSByZWNvcmRzIHNlcnZpY2U=',
    key_id: '4f1e2d3c4b5a6978',
    leaf_index: 1200,
  };
  const NOTE =
    'localhost/wrenchmark-development-log\n1234\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n\u2014 localhost/wrenchmark-development-log Cv0nJPsAAAA=\n';
  const included: TGarageReceipt = {
    receipt,
    inclusion: {
      status: 'included',
      checkpoint: { treeSize: 1234, rootHash: 'CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=', note: NOTE },
      proof: { leafIndex: 1200, treeSize: 1234, leafHash: 'CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=', hashes: [] },
    },
  };

  it('shows the receipt under a collapsed "Receipt" button, with Copy buttons that confirm', async () => {
    const record = buildRecord({ receipt });
    const api = openDashboard(page([record, buildRecord({ service_type: 'No receipt yet' })]), 'active', {
      [`GET service-records/receipts/${record.id}`]: ok({ receipt, inclusion: { status: 'awaiting_checkpoint' } }),
    });
    const [withReceipt, without] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(without).getByText('No receipt is available for this record.')).toBeTruthy();

    const toggle = within(withReceipt).getByRole('button', { name: 'Receipt' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Where the entry stands in the log is asked for once the receipt is opened, not with the list.
    expect(api.callsTo(`GET service-records/receipts/${record.id}`)).toHaveLength(0);
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

    // No checkpoint covers it yet: it says so, in plain words.
    expect(
      await within(withReceipt).findByText(
        /This entry is in the public log as leaf 1,200, and waits for the log’s next signed checkpoint\./,
      ),
    ).toBeTruthy();
    expect(api.callsTo(`GET service-records/receipts/${record.id}`)).toHaveLength(1);
  });

  it('shows the signed checkpoint that covers the entry, with a Copy button and a link to its inclusion proof', async () => {
    const record = buildRecord({ receipt });
    openDashboard(page([record]), 'active', { [`GET service-records/receipts/${record.id}`]: ok(included) });
    const [card] = (await screen.findAllByRole('article')) as [HTMLElement];
    fireEvent.click(within(card).getByRole('button', { name: 'Receipt' }));

    expect(
      await within(card).findByText(
        'This entry is in the public log as leaf 1,200. The checkpoint below, signed with the log’s key, covers the log’s first 1,234 entries; the inclusion proof lets anyone check that this entry is one of them.',
      ),
    ).toBeTruthy();
    // The note as signed, line for line.
    expect(card.querySelector('pre.receipt__note')?.textContent).toBe(NOTE);
    const proof = within(card).getByRole('link', { name: 'Inclusion proof of this entry' });
    expect(proof.getAttribute('href')).toBe('/api/v1/service-records/log/proof/inclusion?leaf=1200&size=1234');
    fireEvent.click(within(card).getByRole('button', { name: 'Copy signed checkpoint' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith(NOTE));
  });

  it('says when the log could not be checked, and tries again on request', async () => {
    const record = buildRecord({ receipt });
    const api = openDashboard(page([record]), 'active', {
      [`GET service-records/receipts/${record.id}`]: (_call, count) =>
        count === 1 ? failure(503, 'service_unavailable', 'Service unavailable') : ok(included),
    });
    const [card] = (await screen.findAllByRole('article')) as [HTMLElement];
    fireEvent.click(within(card).getByRole('button', { name: 'Receipt' }));
    expect(await within(card).findByText('We could not check the public log just now.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('link', { name: 'Inclusion proof of this entry' })).toBeTruthy();
    expect(api.callsTo(`GET service-records/receipts/${record.id}`)).toHaveLength(2);
  });
});

describe('GarageDashboardPage: the public log', () => {
  it('shows the latest checkpoint checked with the bundled key, and on the next visit that the log only grew from it', async () => {
    const log = await buildFakeLog('AB12CDE', [], { before: 6, after: 0 });
    log.checkpointSize = 4;
    openDashboard(page([]), 'active', log.routes());
    const panel = await screen.findByRole('region', { name: 'The public log' });
    await within(panel).findByText(/^Signed with the log’s key\./);
    expect(panel.textContent).toContain('The first checkpoint this browser has seen');
    expect(within(panel).getByText('4')).toBeTruthy();
    expect(within(panel).getByText((await log.checkpoint(4)).rootHash)).toBeTruthy();
    expect(within(panel).getByText('Fetched').nextElementSibling?.textContent).toMatch(
      /^\d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2}$/,
    );
    cleanup();

    log.checkpointSize = 6;
    openDashboard(page([]), 'active', log.routes());
    const later = await screen.findByRole('region', { name: 'The public log' });
    expect((await within(later).findByText(/^Signed with the log’s key\./)).textContent).toContain(
      'It extends the checkpoint of 4 entries this browser saw before, unchanged.',
    );
  });

  it('reports a log that does not extend the checkpoint this browser saw before', async () => {
    const log = await buildFakeLog('AB12CDE', [], { before: 6, after: 0 });
    const otherRoot = new Uint8Array(32).fill(3);
    const note = await signCheckpoint(
      { origin: DEVELOPMENT_LOG.origin, size: 2, rootHash: otherRoot },
      await parseSignerKey(DEV_LOG_SIGNING_KEY),
    );
    window.localStorage.setItem(
      rememberedCheckpointKey(DEVELOPMENT_LOG.origin),
      JSON.stringify({ size: 2, rootHash: encodeBase64(otherRoot), note }),
    );
    openDashboard(page([]), 'active', log.routes());
    const panel = await screen.findByRole('region', { name: 'The public log' });
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('The public log has been rewritten');
    expect(alert.textContent).toContain(
      `This browser saw the log before with 2 entries and root hash ${encodeBase64(otherRoot)}.`,
    );
    expect(within(panel).queryByText(/^Signed with the log’s key/)).toBeNull();
  });
});

describe('GarageDashboardPage: exporting the records', () => {
  const FILE_NAME = 'wrenchmark-records-hartley-motors-2026-05-14.csv';
  let saved: { href: string; download: string }[];

  beforeEach(() => {
    saved = [];
    // jsdom makes no object URLs and saves no files: what the page hands the browser is kept here.
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The dashboard, with the export answered by `answer` (a file, as the server sends one, or an envelope). */
  function openWithExport(answer: (format: string, count: number) => Response | Promise<Response>) {
    openDashboard(page([]));
    const routed = globalThis.fetch;
    const exports: { format: string | null; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/service-records/export') return routed(input, init);
      const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization ?? null;
      exports.push({ format: url.searchParams.get('format'), authorization });
      return answer(url.searchParams.get('format') ?? '', exports.length);
    });
    return exports;
  }

  const csvFile = () =>
    new Response('\uFEFFid,vehicle_registration\r\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="${FILE_NAME}"`,
      },
    });
  const refusal = (status: number, code: string, message: string) =>
    new Response(JSON.stringify({ status, code, message }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  it('downloads the CSV with the session’s token, under the name the server gave it', async () => {
    const exports = openWithExport(() => csvFile());
    const panel = await screen.findByRole('region', { name: 'Export records' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    expect(await within(panel).findByText(`Downloaded ${FILE_NAME}`)).toBeTruthy();
    expect(exports).toEqual([{ format: 'csv', authorization: expect.stringMatching(/^Bearer .+/) }]);
    expect(saved).toEqual([{ href: 'blob:http://localhost/export', download: FILE_NAME }]);
  });

  it('says why an export failed, and lets the garage try again', async () => {
    const exports = openWithExport((_format, count) =>
      count === 1 ? refusal(429, 'rate_limited', RECORD_EXPORT_MESSAGES.busy) : csvFile(),
    );
    const panel = await screen.findByRole('region', { name: 'Export records' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download JSON' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The export failed');
    expect(alert.textContent).toContain(RECORD_EXPORT_MESSAGES.busy);
    expect(saved).toEqual([]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Download JSON' }));
    expect(await within(panel).findByText(`Downloaded ${FILE_NAME}`)).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(exports.map((call) => call.format)).toEqual(['json', 'json']);
  });

  it('fails a download cut off part way, rather than saving a shorter file', async () => {
    openWithExport(() => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('\uFEFFid,vehicle_registration\r\n'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { headers: { 'content-disposition': `attachment; filename="${FILE_NAME}"` } });
    });
    const panel = await screen.findByRole('region', { name: 'Export records' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain(RECORD_EXPORT_MESSAGES.failed);
    expect(saved).toEqual([]);
  });

  it('keeps both buttons focusable while a file is made, and makes one file at a time', async () => {
    let finish: (response: Response) => void = () => undefined;
    const exports = openWithExport(() => new Promise<Response>((resolve) => (finish = resolve)));
    const panel = await screen.findByRole('region', { name: 'Export records' });
    const csv = within(panel).getByRole('button', { name: 'Download CSV' });
    const json = within(panel).getByRole('button', { name: 'Download JSON' });
    csv.focus();
    fireEvent.click(csv);
    expect(await within(panel).findByText('Preparing your CSV file…')).toBeTruthy();
    for (const button of [csv, json]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.hasAttribute('disabled')).toBe(false);
    }
    expect(document.activeElement).toBe(csv);
    fireEvent.click(json);
    expect(exports).toHaveLength(1);
    finish(csvFile());
    expect(await within(panel).findByText(`Downloaded ${FILE_NAME}`)).toBeTruthy();
    expect(csv.getAttribute('aria-disabled')).toBe('false');
  });
});
