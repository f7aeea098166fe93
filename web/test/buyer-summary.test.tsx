import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TMotTest, TPublicServiceRecord, TVehicleDetails } from '@sh/shared/contract';
import { VehicleResultsPage } from '../src/pages/VehicleResultsPage';
import { buildBuyerSummary, describeAgo, type TBuyerSummaryInput } from '../src/pages/vehicle-results/buyer-summary';
import { BuyerSummary } from '../src/pages/vehicle-results/BuyerSummary';
import { buildMileageReadings } from '../src/pages/vehicle-results/report-model';
import { mockApi, ok, pending } from './support';

const VIN = 'WDD2050042F123456';

function buildRecord(overrides: Partial<TPublicServiceRecord>): TPublicServiceRecord {
  return {
    id: '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: VIN,
    vehicle_registration: 'PL8TE1',
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
    completedDate: '2023-04-01T09:30:00.000Z',
    testResult: 'PASSED',
    expiryDate: '2024-03-31',
    odometerValue: 41000,
    odometerUnit: 'MI',
    odometerResultType: 'READ',
    odometerMiles: 41000,
    defects: [],
    ...overrides,
  };
}

const VEHICLE: TVehicleDetails = {
  registration: 'MX21ABC',
  make: 'MERCEDES-BENZ',
  model: 'C 220',
  colour: 'BLACK',
  yearOfManufacture: 2015,
  fuelType: 'DIESEL',
  engineCapacity: 2143,
  co2Emissions: 120,
  firstUsedDate: '2015-07-08',
  motStatus: 'Valid',
  motExpiryDate: '2026-07-07',
  taxStatus: 'Taxed',
  taxDueDate: '2026-08-01',
  hasOutstandingRecall: false,
};

const RECORDS = [
  buildRecord({
    id: 'a3b0c1d2-0000-4000-8000-000000000003',
    service_date: '2024-06-01',
    mileage: 39000,
    garage_id: '7c1e4a22-3b5d-4e6f-9a8b-2c3d4e5f6a7b',
    vehicle_registration: 'MX21ABC',
    garage: { name: 'Quay Motors', address: '' },
    service_type: 'Oil Change',
  }),
  buildRecord({ id: 'a3b0c1d2-0000-4000-8000-000000000002', service_date: '2023-03-01', mileage: 45000 }),
  buildRecord({ id: 'a3b0c1d2-0000-4000-8000-000000000001', service_date: '2022-03-10', mileage: 30000 }),
];
const MOTS = [
  buildMot({
    motTestNumber: 'm1',
    completedDate: '2023-04-01T09:30:00.000Z',
    odometerMiles: 44100,
    odometerValue: 44100,
  }),
];

function input(overrides: Partial<TBuyerSummaryInput> = {}): TBuyerSummaryInput {
  return {
    records: RECORDS,
    readings: buildMileageReadings(RECORDS, MOTS),
    report: { state: 'loaded', vehicle: VEHICLE, motTests: MOTS },
    check: { state: 'loading' },
    today: '2025-11-25',
    ...overrides,
  };
}

describe('buildBuyerSummary', () => {
  it('counts the services and their garages, and names the last one with how long ago', () => {
    const { services, vehicle } = buildBuyerSummary(input());
    expect(vehicle).toBe('Mercedes-Benz C 220, 2015, black');
    expect(services).toEqual({
      count: 3,
      garageCount: 2,
      last: { serviceType: 'Oil Change', garage: 'Quay Motors', date: '2024-06-01', ago: '1 year and 5 months ago' },
    });
  });

  it('lists every reading that goes backwards, from services and MOT tests alike, oldest first', () => {
    const { mileage } = buildBuyerSummary(input());
    expect(mileage.isConsistent).toBe(false);
    expect(mileage.backwards.map((reading) => [reading.source, reading.miles, reading.earlierMiles])).toEqual([
      ['mot', 44100, 45000],
      ['service', 39000, 45000],
    ]);
    const consistent = buildBuyerSummary(input({ readings: buildMileageReadings(RECORDS.slice(1), []) })).mileage;
    expect(consistent).toEqual({ isConsistent: true, backwards: [] });
  });

  it("takes the MOT status from DVLA, else from DVSA's latest pass, and says when neither is known", () => {
    expect(buildBuyerSummary(input()).mot).toEqual({ state: 'known', isValid: true, text: 'Valid, until 7 July 2026' });
    const withoutDvla = input({ report: { state: 'loaded', vehicle: null, motTests: MOTS } });
    expect(buildBuyerSummary(withoutDvla).mot).toEqual({
      state: 'known',
      isValid: false,
      text: 'Not valid, expired 31 March 2024',
    });
    expect(buildBuyerSummary(input({ report: { state: 'loading' } })).mot).toEqual({ state: 'loading' });
    expect(buildBuyerSummary(input({ report: { state: 'failed' } })).mot).toEqual({ state: 'unknown' });
  });

  it('says whether a recall is outstanding only when DVSA said', () => {
    expect(buildBuyerSummary(input()).recall).toEqual({ state: 'known', isOutstanding: false });
    const recalled = { ...VEHICLE, hasOutstandingRecall: true };
    expect(buildBuyerSummary(input({ report: { state: 'loaded', vehicle: recalled, motTests: [] } })).recall).toEqual({
      state: 'known',
      isOutstanding: true,
    });
    const unknown = { ...VEHICLE, hasOutstandingRecall: null };
    expect(buildBuyerSummary(input({ report: { state: 'loaded', vehicle: unknown, motTests: [] } })).recall).toEqual({
      state: 'unknown',
    });
  });

  it('says verified only for a check that verified', () => {
    const entry = { position: 1, kind: null, recordId: null };
    expect(
      buildBuyerSummary(input({ check: { state: 'loaded', result: { status: 'failed', entry, reason: 'x' } } }))
        .verification,
    ).toEqual({
      state: 'known',
      isVerified: false,
      text: 'This history could not be verified',
    });
    expect(
      buildBuyerSummary(input({ check: { state: 'loaded', result: { status: 'awaiting-checkpoint' } } })).verification,
    ).toMatchObject({ state: 'known', isVerified: null });
    expect(buildBuyerSummary(input({ check: { state: 'failed' } })).verification).toEqual({ state: 'unknown' });
  });
});

describe('describeAgo', () => {
  it('counts days, then whole months, then years and months', () => {
    expect(describeAgo('2025-11-25', '2025-11-25')).toBe('today');
    expect(describeAgo('2025-11-24', '2025-11-25')).toBe('yesterday');
    expect(describeAgo('2025-10-26', '2025-11-25')).toBe('30 days ago');
    expect(describeAgo('2025-10-25', '2025-11-25')).toBe('1 month ago');
    expect(describeAgo('2023-11-25', '2025-11-25')).toBe('2 years ago');
    expect(describeAgo('2024-06-30', '2025-11-25')).toBe('1 year and 4 months ago');
  });
});

describe('BuyerSummary', () => {
  it('reads each verdict in words: the MOT, the check, the backwards readings, the recall and the services', () => {
    render(<BuyerSummary summary={buildBuyerSummary(input())} />);
    const summary = screen.getByRole('region', { name: 'At a glance' });
    expect(within(summary).getByText('Valid, until 7 July 2026')).toBeTruthy();
    expect(summary.textContent).toContain('3 by 2 garages');
    expect(summary.textContent).toContain('Last: Oil Change, Quay Motors, 1 June 2024 (1 year and 5 months ago)');
    expect(within(summary).getByText('2 readings go backwards')).toBeTruthy();
    const readings = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(readings).toEqual([
      '44,100 miles on 1 April 2023 (MOT test), after 45,000 miles',
      '39,000 miles on 1 June 2024 (service), after 45,000 miles',
    ]);
    expect(within(summary).getByText('None outstanding')).toBeTruthy();
  });
});

describe('/vehicle-results?vin=', () => {
  it('shows every record of the VIN and asks DVLA and DVSA about the plate it was last serviced under', async () => {
    const api = mockApi({
      [`GET service-records/lookup-by-vin/${VIN}`]: ok({ serviceRecords: RECORDS }),
      'GET vehicles/MX21ABC': ok({
        vehicle: VEHICLE,
        motTests: MOTS,
        missing: [],
        fetchedAt: { dvla: null, dvsa: null },
      }),
      'GET service-records/verify/MX21ABC': pending,
      'GET service-records/verify/PL8TE1': pending,
    });
    render(
      <MemoryRouter initialEntries={[`/vehicle-results?vin=${VIN.toLowerCase()}`]}>
        <Routes>
          <Route path="/vehicle-results" element={<VehicleResultsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: `Service History for VIN ${VIN}` })).toBeTruthy();
    await screen.findByText('3 records found');
    await screen.findByText('Valid, until 7 July 2026');
    expect(api.callsTo('GET vehicles/MX21ABC')).toHaveLength(1);
    expect(screen.getAllByText('Serviced by', { exact: false }).length).toBe(3);
  });
});
