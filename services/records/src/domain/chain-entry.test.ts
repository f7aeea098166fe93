import { describe, expect, it } from 'vitest';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { canonicalJson, hashEntryContent, receiptMessage, recordEntryContent } from './chain-entry.js';

const record: ServiceRecordRow = {
  id: '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b',
  garage_id: '11111111-1111-4111-8111-111111111111',
  vin: 'WVWZZZ1JZXW000001',
  vehicle_registration: 'AB12CDE',
  service_date: '2025-03-14',
  mileage: 45_210,
  service_type: 'Full Service',
  notes: null,
  technician_name: null,
  signed_by: 'Priya Smith',
  created_at: new Date('2025-03-14T17:00:00.123Z'),
};

describe('canonicalJson', () => {
  it('writes one text for one meaning, whatever the order of the keys', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(canonicalJson({ a: [true, null, 'x'], b: 1 })).toBe(canonicalJson({ b: 1, a: [true, null, 'x'] }));
  });
});

describe('recordEntryContent and hashEntryContent', () => {
  it('seal the record, its position and the previous hash, with created_at as an ISO string', () => {
    expect(recordEntryContent(record, { position: 2, prevHash: 'f'.repeat(64) })).toEqual({
      kind: 'record',
      position: 2,
      prev_hash: 'f'.repeat(64),
      record: { ...record, created_at: '2025-03-14T17:00:00.123Z' },
    });
  });

  it('leave the customer contact out of what is sealed', () => {
    const withContact = { ...record, customer_email: 'owner@example.co.uk', customer_phone: '07700 900123' };
    expect(recordEntryContent(withContact, { position: 1, prevHash: null })).toEqual(
      recordEntryContent(record, { position: 1, prevHash: null }),
    );
  });

  it('give a SHA-256 hex hash that changes with any sealed field, the position or the link', () => {
    const hash = hashEntryContent(recordEntryContent(record, { position: 1, prevHash: null }));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashEntryContent(recordEntryContent({ ...record }, { position: 1, prevHash: null }))).toBe(hash);
    expect(
      hashEntryContent(recordEntryContent({ ...record, mileage: 45_211 }, { position: 1, prevHash: null })),
    ).not.toBe(hash);
    expect(hashEntryContent(recordEntryContent(record, { position: 2, prevHash: null }))).not.toBe(hash);
    expect(hashEntryContent(recordEntryContent(record, { position: 1, prevHash: hash }))).not.toBe(hash);
  });
});

describe('receiptMessage', () => {
  it('is the canonical JSON of exactly the signed receipt fields', () => {
    const fields = {
      hash: 'a'.repeat(64),
      position: 3,
      prev_hash: null,
      registration: 'AB12CDE',
      signed_at: '2025-03-14T17:00:01.000Z',
    };
    const receipt = { ...fields, signature: 'not part of the message' };
    expect(receiptMessage(receipt)).toBe(
      `{"hash":"${'a'.repeat(64)}","position":3,"prev_hash":null,"registration":"AB12CDE","signed_at":"2025-03-14T17:00:01.000Z"}`,
    );
  });
});
