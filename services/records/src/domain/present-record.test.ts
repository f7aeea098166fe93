import { describe, expect, it } from 'vitest';
import type { GarageRecordRow } from '../store/garage-record-row.js';
import { presentGarageRecord } from './present-garage-record.js';
import { presentPublicRecord, UNKNOWN_GARAGE } from './present-public-record.js';

const CREATED_AT = new Date('2025-03-14T17:00:00.123Z');
const SIGNED_AT = new Date('2025-03-14T17:00:01.000Z');

function buildRow(overrides: Partial<GarageRecordRow> = {}): GarageRecordRow {
  return {
    id: '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b',
    garage_id: '11111111-1111-4111-8111-111111111111',
    vin: 'WVWZZZ1JZXW000001',
    vehicle_registration: 'AB12CDE',
    service_date: '2025-03-14',
    mileage: 45_210,
    service_type: 'Full Service',
    notes: 'Rear pads at 4mm',
    technician_name: null,
    signed_by: 'Priya Smith',
    customer_email: 'owner@example.co.uk',
    customer_phone: '07700 900123',
    created_at: CREATED_AT,
    mileage_anomaly: false,
    garage_name: 'Hartley Motors Ltd',
    garage_address: '1 High Street, York',
    garage_slug: 'hartley-motors-ltd',
    amendments: [],
    position: 3,
    hash: 'a'.repeat(64),
    prev_hash: 'b'.repeat(64),
    signed_at: SIGNED_AT,
    signature: 'c2lnbmF0dXJl',
    key_id: '0123456789abcdef',
    leaf_index: '7',
    ...overrides,
  };
}

describe('presentPublicRecord', () => {
  it('shows the history fields and the garage, and nothing of the customer or the signer', () => {
    const {
      signed_by: _signedBy,
      customer_email: _email,
      customer_phone: _phone,
      ...publicRow
    } = buildRow({ technician_name: 'Sam Patel' });
    expect(presentPublicRecord(publicRow)).toEqual({
      id: '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b',
      garage_id: '11111111-1111-4111-8111-111111111111',
      vin: 'WVWZZZ1JZXW000001',
      vehicle_registration: 'AB12CDE',
      service_date: '2025-03-14',
      mileage: 45_210,
      service_type: 'Full Service',
      notes: 'Rear pads at 4mm',
      technician_name: 'Sam Patel',
      created_at: '2025-03-14T17:00:00.123Z',
      mileage_anomaly: false,
      garage: { name: 'Hartley Motors Ltd', address: '1 High Street, York', slug: 'hartley-motors-ltd' },
      amendments: [],
    });
  });

  it("leaves out the garage's page until records has heard its slug", () => {
    expect(presentPublicRecord(buildRow({ garage_slug: null })).garage).toEqual({
      name: 'Hartley Motors Ltd',
      address: '1 High Street, York',
    });
  });

  it('shows when and why the platform amended the record, oldest first', () => {
    const amendments = [
      { amended_at: '2025-04-01T09:00:00.000Z', reason: 'Notes named the wrong pads' },
      { amended_at: '2025-05-02T10:30:00.000Z', reason: 'Service date was mistyped' },
    ];
    expect(presentPublicRecord(buildRow({ amendments })).amendments).toEqual(amendments);
  });

  it('shows a garage not in the directory yet as unknown, and a missing address as empty', () => {
    expect(presentPublicRecord(buildRow({ garage_name: null, garage_address: null })).garage).toEqual(UNKNOWN_GARAGE);
    expect(presentPublicRecord(buildRow({ garage_address: null })).garage).toEqual({
      name: 'Hartley Motors Ltd',
      address: '',
      slug: 'hartley-motors-ltd',
    });
  });
});

describe('presentGarageRecord', () => {
  it('adds the signer, the customer contact and the receipt to the public fields', () => {
    const row = buildRow();
    expect(presentGarageRecord(row)).toEqual({
      ...presentPublicRecord(row),
      technician_name: 'Priya Smith',
      signed_by: 'Priya Smith',
      customer_email: 'owner@example.co.uk',
      customer_phone: '07700 900123',
      receipt: {
        hash: 'a'.repeat(64),
        prev_hash: 'b'.repeat(64),
        position: 3,
        registration: 'AB12CDE',
        signed_at: '2025-03-14T17:00:01.000Z',
        signature: 'c2lnbmF0dXJl',
        key_id: '0123456789abcdef',
        leaf_index: 7,
      },
    });
  });

  it('lets who signed stand in for an empty technician name, but keeps a technician who is named', () => {
    expect(presentGarageRecord(buildRow()).technician_name).toBe('Priya Smith');
    expect(presentGarageRecord(buildRow({ technician_name: 'Sam Patel' })).technician_name).toBe('Sam Patel');
  });

  it('answers no receipt for a record not chained yet', () => {
    expect(
      presentGarageRecord(buildRow({ position: null, hash: null, prev_hash: null, signed_at: null, signature: null }))
        .receipt,
    ).toBeNull();
  });
});
