import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TMotTest, type TPublicServiceRecord, type TVehicleReportResponse } from '@sh/shared/contract';
import { VEHICLE_REPORT_DEADLINE_MS } from '../src/api/vehicle-report';
import { VehicleResultsPage } from '../src/pages/VehicleResultsPage';
import { placeLabels, type ChartPoint } from '../src/pages/vehicle-results/MileageChart';
import { buildMileageReadings, buildTimeline } from '../src/pages/vehicle-results/report-model';
import { FOLDING_SCREENS } from '../src/pages/vehicle-results/ReportTimeline';
import { titleCase } from '../src/pages/vehicle-results/VehicleSummary';
import { failure, mockApi, ok, pending, type TApiRoute } from './support';

const REG = 'AB61HCX';

function buildRecord(overrides: Partial<TPublicServiceRecord>): TPublicServiceRecord {
  return {
    id: '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: 'WF0AXXGCDA1234567',
    vehicle_registration: REG,
    service_date: '2022-03-10',
    mileage: 30000,
    service_type: 'Full Service',
    notes: null,
    technician_name: null,
    created_at: '2022-03-10T10:00:00.000Z',
    mileage_anomaly: false,
    garage: { name: 'Riverside Motors', address: '12 Quay Street, Bristol BS1 4DJ' },
    amendments: [],
    ...overrides,
  };
}

function buildMot(overrides: Partial<TMotTest>): TMotTest {
  return {
    motTestNumber: '100000000001',
    completedDate: '2021-04-01T09:30:00.000Z',
    testResult: 'PASSED',
    expiryDate: '2022-03-31',
    odometerValue: 21000,
    odometerUnit: 'MI',
    odometerResultType: 'READ',
    odometerMiles: 21000,
    defects: [],
    ...overrides,
  };
}

const RECORDS = [
  buildRecord({
    id: '5a6b7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    service_date: '2024-02-01',
    mileage: 52000,
    service_type: 'Oil Change',
  }),
  buildRecord({}),
];

const MOT_TESTS = [
  buildMot({}),
  buildMot({
    motTestNumber: '100000000002',
    completedDate: '2023-04-05T11:00:00.000Z',
    testResult: 'FAILED',
    expiryDate: null,
    odometerValue: 48000,
    odometerMiles: 48000,
    defects: [
      { text: 'Nearside front brake disc excessively worn', type: 'DANGEROUS', dangerous: true },
      { text: 'Offside rear tyre worn close to legal limit', type: 'ADVISORY', dangerous: false },
    ],
  }),
  buildMot({
    motTestNumber: '100000000003',
    completedDate: '2023-04-12T15:00:00.000Z',
    expiryDate: '2024-04-11',
    odometerValue: 48010,
    odometerMiles: 48010,
  }),
  // Lower than the 52,000 miles a garage logged in February 2024: the contradiction a buyer must see.
  buildMot({
    motTestNumber: '100000000004',
    completedDate: '2025-04-02T08:45:00.000Z',
    expiryDate: '2026-04-01',
    odometerValue: 72420,
    odometerUnit: 'KM',
    odometerMiles: 45000,
    defects: [{ text: 'Front wiper blade deteriorated', type: 'MINOR', dangerous: false }],
  }),
];

const VEHICLE = {
  registration: REG,
  make: 'FORD',
  model: 'FOCUS',
  colour: 'BLUE',
  yearOfManufacture: 2011,
  fuelType: 'PETROL',
  engineCapacity: 1596,
  co2Emissions: 139,
  firstUsedDate: '2011-09-30',
  motStatus: 'Valid',
  motExpiryDate: '2026-04-01',
  taxStatus: 'Taxed',
  taxDueDate: '2025-12-01',
  hasOutstandingRecall: true,
};

type TReport = TVehicleReportResponse['data'];

function report(overrides: Partial<TReport> = {}): TReport {
  return {
    vehicle: VEHICLE,
    motTests: MOT_TESTS,
    missing: [],
    fetchedAt: { dvla: '2025-05-01T10:00:00.000Z', dvsa: '2025-05-01T10:00:00.000Z' },
    ...overrides,
  };
}

function renderReport(vehicleRoute: TApiRoute, records: TPublicServiceRecord[] = RECORDS) {
  const api = mockApi({
    [`GET service-records/lookup/${REG}`]: ok({ serviceRecords: records }),
    // The history check in the browser starts with the log's checkpoint: left unanswered (test/history-integrity.test.tsx).
    'GET service-records/log/checkpoint': pending,
    [`GET vehicles/${REG}`]: vehicleRoute,
  });
  render(
    <MemoryRouter initialEntries={[`/vehicle-results?reg=${REG}`]}>
      <Routes>
        <Route path="/vehicle-results" element={<VehicleResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

function timelineHeadings(): string[] {
  const timeline = screen.getByRole('list', { name: 'Services and MOT tests, newest first' });
  return within(timeline)
    .getAllByRole('article')
    .map((article) => {
      const heading = within(article).getAllByRole('heading')[0]!.textContent;
      const date = article.querySelector('.record-card__date')?.textContent;
      return `${heading} ${date}`;
    });
}

describe('the buyer report on /vehicle-results', () => {
  it('shows the vehicle from DVLA, its MOT and tax status with dates, and the outstanding recall', async () => {
    const api = renderReport(ok(report()));
    const vehicle = await screen.findByRole('region', { name: 'The vehicle' });
    const facts = Object.fromEntries(
      within(vehicle)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Make: 'Ford',
      Model: 'Focus',
      Colour: 'Blue',
      Year: '2011',
      Fuel: 'Petrol',
      Engine: '1,596 cc',
      'First used': '30 September 2011',
      MOT: 'Valid · expires 1 April 2026',
      Tax: 'Taxed · due 1 December 2025',
    });
    expect(within(vehicle).getByText(MESSAGES.vehicleReport.outstandingRecall)).toBeTruthy();
    expect(api.callsTo(`GET vehicles/${REG}`)).toHaveLength(1);
    expect(api.callsTo(`GET vehicles/${REG}`)[0]?.authorization).toBeNull();
  });

  it('says nothing of a recall when none is outstanding', async () => {
    renderReport(ok(report({ vehicle: { ...VEHICLE, hasOutstandingRecall: false } })));
    await screen.findByRole('region', { name: 'The vehicle' });
    expect(screen.queryByText(MESSAGES.vehicleReport.outstandingRecall)).toBeNull();
  });

  it('merges services and MOT tests into one timeline, newest first', async () => {
    renderReport(ok(report()));
    await screen.findByRole('heading', { name: 'Services and MOT tests' });
    expect(timelineHeadings()).toEqual([
      'MOT test: Passed 2 April 2025',
      'Oil Change 1 February 2024',
      'MOT test: Passed 12 April 2023',
      'MOT test: Failed 5 April 2023',
      'Full Service 10 March 2022',
      'MOT test: Passed 1 April 2021',
    ]);
    const service = screen.getByRole('heading', { name: 'Oil Change' }).closest('article')!;
    expect(within(service).getByText('Riverside Motors')).toBeTruthy();
    expect(within(service).getByRole('link', { name: 'Verify this record' }).getAttribute('href')).toBe(
      `/verify-records?reg=${REG}`,
    );
  });

  it("shows an MOT test's failures and advisories, marks the dangerous one, and gives a km reading in miles", async () => {
    renderReport(ok(report()));
    const failed = (await screen.findByRole('heading', { name: 'MOT test: Failed' })).closest('article')!;
    const failures = within(failed).getByRole('heading', { name: 'Failures' }).nextElementSibling as HTMLElement;
    expect(failures.textContent).toBe('Dangerous: Nearside front brake disc excessively worn (dangerous)');
    const advisories = within(failed).getByRole('heading', { name: 'Advisories' }).nextElementSibling as HTMLElement;
    expect(advisories.textContent).toBe('Offside rear tyre worn close to legal limit (advisory)');
    expect(within(failed).getByText('48,000 miles')).toBeTruthy();

    const latest = screen.getAllByRole('heading', { name: 'MOT test: Passed' })[0]!.closest('article')!;
    expect(within(latest).getByText('45,000 miles (72,420 km)')).toBeTruthy();
    expect(within(latest).queryByRole('heading', { name: 'Failures' })).toBeNull();
  });

  it('flags the MOT reading lower than an earlier service, and only that one', async () => {
    renderReport(ok(report()));
    await screen.findByRole('heading', { name: 'Services and MOT tests' });
    const flagged = screen.getAllByText(new RegExp(`^${MESSAGES.vehicleReport.mileageLower}`));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.textContent).toBe(`${MESSAGES.vehicleReport.mileageLower} (52,000 miles)`);
    expect(flagged[0]!.closest('article')?.querySelector('.record-card__date')?.textContent).toBe('2 April 2025');
    expect(screen.queryByText(MESSAGES.platform.mileageAnomaly)).toBeNull();
  });

  it('flags a service whose mileage is lower than an earlier MOT test', async () => {
    const lowService = buildRecord({
      id: '7c8d9e0f-2a3b-4c5d-9e6f-7a8b9c0d1e2f',
      service_date: '2021-06-01',
      mileage: 20000,
    });
    renderReport(ok(report({ motTests: [MOT_TESTS[0]!] })), [lowService]);
    const card = (await screen.findByText(MESSAGES.platform.mileageAnomaly)).closest('article')!;
    expect(within(card).getByText('20,000 miles')).toBeTruthy();
  });

  it('draws the mileage chart from every source, with shapes, labels and an accessible name and description', async () => {
    renderReport(ok(report()));
    // The MOT tests are in once the timeline is headed with them.
    await screen.findByRole('heading', { name: 'Services and MOT tests' });
    const chart = screen.getByRole('img', { name: 'Mileage over time, in miles' });
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe(
      '6 mileage readings: 2 from services and 4 from MOT tests, from 21,000 miles on 1 April 2021 to 45,000 miles on 2 April 2025. ' +
        '1 reading is lower than an earlier one: 45,000 miles on 2 April 2025.',
    );
    expect(chart.querySelectorAll('circle.mileage-chart__marker--service')).toHaveLength(2);
    expect(chart.querySelectorAll('rect.mileage-chart__marker--mot')).toHaveLength(3);
    expect(chart.querySelectorAll('path.mileage-chart__marker--lower')).toHaveLength(1);
    const labels = [...chart.querySelectorAll('.mileage-chart__label')].map((label) => label.textContent);
    expect(labels).toEqual(['21,000', '30,000', '48,000', '48,010', '52,000', '! 45,000']);
    const key = within(screen.getByRole('list', { name: 'Chart key' })).getAllByRole('listitem');
    expect(key.map((item) => [item.querySelector('circle, rect, path')?.tagName, item.textContent])).toEqual([
      ['circle', 'Service logged here'],
      ['rect', 'MOT test'],
      ['path', '! Lower than an earlier reading'],
    ]);
  });

  it('shows our records at once while the report is still loading', async () => {
    renderReport(pending);
    expect(await screen.findByText('2 records found')).toBeTruthy();
    expect(screen.getByText(MESSAGES.vehicleReport.loading)).toBeTruthy();
    expect(timelineHeadings()).toEqual(['Oil Change 1 February 2024', 'Full Service 10 March 2022']);
    expect(screen.getByRole('heading', { name: 'Services' })).toBeTruthy();
  });

  it('says in plain words which source is missing, not as an alert, and keeps everything else', async () => {
    const message = 'The DVSA did not answer in time, so the MOT history is not shown.';
    renderReport(
      ok(
        report({
          motTests: [],
          missing: [{ source: 'dvsa', reason: 'slow', message }],
          vehicle: { ...VEHICLE, hasOutstandingRecall: null },
        }),
      ),
    );
    const notice = await screen.findByText('Part of this report is missing');
    expect(notice.closest('[role="status"]')?.textContent).toContain(`MOT history (DVSA): ${message}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'The vehicle' })).toBeTruthy();
    expect(timelineHeadings()).toEqual(['Oil Change 1 February 2024', 'Full Service 10 March 2022']);
  });

  it('says the report is missing when its call fails, and still shows the records', async () => {
    renderReport(failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable));
    expect(await screen.findByText(MESSAGES.vehicleReport.failed)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('2 records found')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'The vehicle' })).toBeNull();
  });

  it('gives up on a report that does not come within its deadline, says so, and keeps the records', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderReport(pending);
      expect(await screen.findByText('2 records found')).toBeTruthy();
      expect(screen.getByText(MESSAGES.vehicleReport.loading)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(VEHICLE_REPORT_DEADLINE_MS - 100);
      expect(screen.queryByText(MESSAGES.vehicleReport.failed)).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(await screen.findByText(MESSAGES.vehicleReport.failed)).toBeTruthy();
      expect(screen.queryByText(MESSAGES.vehicleReport.loading)).toBeNull();
      expect(timelineHeadings()).toEqual(['Oil Change 1 February 2024', 'Full Service 10 March 2022']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a vehicle's MOT tests even when no garage here has logged a service", async () => {
    renderReport(ok(report()), []);
    expect(await screen.findByRole('heading', { name: 'No Records Found' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Services and MOT tests' });
    expect(timelineHeadings()).toHaveLength(4);
  });

  it('offers the report link to copy, and prints it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderReport(ok(report()));
    await screen.findByText('2 records found');

    fireEvent.click(screen.getByRole('button', { name: 'Copy link to this report' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/vehicle-results?reg=${REG}`);

    fireEvent.click(screen.getByRole('button', { name: 'Print report' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('on a phone, renders a year past the last three only once it is opened, and every year for paper', async () => {
    // A phone's screen: the query of styles/report.css matches (jsdom has no matchMedia of its own).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === FOLDING_SCREENS,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderReport(ok(report()));
    await screen.findByRole('heading', { name: 'Services and MOT tests' });
    // 2025, 2024 and 2023 are open (4 entries); 2022 and 2021 are folded, their entries not rendered.
    expect(timelineHeadings()).toHaveLength(4);
    const show2022 = screen.getByRole('button', { name: 'Show 2022 (1 entry)' });
    expect(show2022.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(show2022.getAttribute('aria-controls')!)?.children).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Show 2021 (1 entry)' })).toBeTruthy();

    fireEvent.click(show2022);
    expect(screen.getByRole('button', { name: 'Hide 2022' }).getAttribute('aria-expanded')).toBe('true');
    expect(timelineHeadings()).toHaveLength(5);
    expect(timelineHeadings()).toContain('Full Service 10 March 2022');

    // Printing renders every year (and dates the paper); after it, the year nobody opened folds again.
    expect(document.querySelector('.report-print-header')?.textContent).not.toMatch(/produced on/);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(timelineHeadings()).toHaveLength(6);
    expect(document.querySelector('.report-print-header')?.textContent).toMatch(
      /produced on \d{1,2} [A-Z][a-z]+ \d{4}http/,
    );
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(timelineHeadings()).toHaveLength(5);
    vi.unstubAllGlobals();
  });
});

describe('report-model', () => {
  it('leaves out unread odometers and puts a service before an MOT test of the same day', () => {
    const readings = buildMileageReadings(
      [buildRecord({ service_date: '2023-04-05', mileage: 47000 })],
      [
        buildMot({ motTestNumber: 'A', completedDate: '2023-04-05T08:00:00Z', odometerMiles: 46990 }),
        buildMot({
          motTestNumber: 'B',
          completedDate: '2024-04-05T08:00:00Z',
          odometerResultType: 'UNREADABLE',
          odometerValue: null,
          odometerMiles: null,
        }),
      ],
    );
    expect(
      readings.map((reading) => [reading.source, reading.miles, reading.isLowerThanEarlier, reading.earlierMiles]),
    ).toEqual([
      ['service', 47000, false, null],
      ['mot', 46990, true, 47000],
    ]);
  });

  it('puts the MOT test first among entries of the same day, newest day first', () => {
    const entries = buildTimeline(
      [buildRecord({ service_date: '2023-04-05' })],
      [
        buildMot({ motTestNumber: 'A', completedDate: '2023-04-05T08:00:00Z' }),
        buildMot({ motTestNumber: 'B', completedDate: '2020-01-01T08:00:00Z' }),
      ],
    );
    expect(entries.map((entry) => entry.id)).toEqual(['mot-A', `service-${buildRecord({}).id}`, 'mot-B']);
  });
});

describe('placeLabels', () => {
  /** The chart's boxes of placed labels, as placeLabels measures them (7.5 units a character, 14 tall). */
  const boxesOf = (points: readonly ChartPoint[], placed: ReturnType<typeof placeLabels>) =>
    placed.flatMap((label, index) => {
      if (!label) return [];
      const halfWidth = (points[index]!.text.length * 7.5) / 2;
      return [[label.x - halfWidth, label.y - 11, label.x + halfWidth, label.y + 3] as const];
    });

  it('labels readings far apart above their points, every one of them', () => {
    const points = [0, 1, 2, 3].map((i) => ({
      cx: 120 + i * 150,
      cy: 200 - i * 40,
      text: `${(i + 1) * 10},000`,
      isFlagged: false,
    }));
    expect(placeLabels(points, 64, 636)).toEqual(points.map(({ cx, cy }) => ({ x: cx, y: cy - 10 })));
  });

  it('never draws two labels over each other when readings crowd, and always labels a flagged one', () => {
    // As on a car with 30 readings a few months apart: 10 units between points, climbing slowly.
    const points = Array.from({ length: 30 }, (_, i) => ({
      cx: 80 + i * 10,
      cy: 220 - i * 3,
      text: `${i + 40},${100 + i}`,
      isFlagged: i === 17,
    }));
    const placed = placeLabels(points, 64, 636);
    const boxes = boxesOf(points, placed);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]).toBe(false);
    }
    expect(placed[17]).not.toBeNull();
    expect(placed.filter((label) => label === null).length).toBeGreaterThan(0);
    // The first and the last reading come next after a flagged one.
    expect(placed[0]).not.toBeNull();
    expect(placed[29]).not.toBeNull();
  });

  it('keeps a label near the edge inside the chart', () => {
    const [label] = placeLabels([{ cx: 630, cy: 100, text: '146,506', isFlagged: false }], 64, 636);
    expect(label!.x + (7 * 7.5) / 2).toBeLessThanOrEqual(636);
  });
});

describe('titleCase', () => {
  it("shows DVLA's upper-case words in title case and keeps initialisms", () => {
    expect(['BMW', '3 SERIES', 'MERCEDES-BENZ', 'LAND ROVER', 'MG', 'CX-5', 'PETROL'].map(titleCase)).toEqual([
      'BMW',
      '3 Series',
      'Mercedes-Benz',
      'Land Rover',
      'MG',
      'CX-5',
      'Petrol',
    ]);
    expect(titleCase(null)).toBeNull();
  });
});
