import type {
  TAdminAction,
  TAdminGarage,
  TAdminServiceRecord,
  TAdminData,
  TAdminStatus,
  TAmendment,
} from '@sh/shared/contract';
import { ADMIN_USER, ok, type TApiReply } from './support';

/** Builders of the admin's answers (admin/data, admin/status) for the admin pages' tests. */

let serial = 0;

/** A UUID of its own for each call (the contract's ids are UUIDs). */
function nextId(prefix: string): string {
  serial += 1;
  return `${prefix}-4b7a-4c2e-9d1f-${String(serial).padStart(12, '0')}`;
}

export function buildAdminGarage(overrides: Partial<TAdminGarage> = {}): TAdminGarage {
  return {
    id: nextId('6f1c2a34'),
    name: 'Hartley Motors',
    address: '4 Mill Lane, Leeds LS1 4AB',
    email: 'owner@hartleymotors.co.uk',
    phone: '01632960555',
    companies_house_number: '12345678',
    subscription_status: 'active',
    joined_at: '2025-01-15T09:30:00.000Z',
    referral_code: 'GAR-ABCD1234',
    referred_by: null,
    email_confirmed: true,
    suspension: null,
    ...overrides,
  };
}

export function buildAdminRecord(overrides: Partial<TAdminServiceRecord> = {}): TAdminServiceRecord {
  return {
    id: nextId('3f1c9a52'),
    garage_id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    vin: 'WVWZZZ1KZAW000001',
    vehicle_registration: 'AB12CDE',
    service_date: '2025-03-14',
    mileage: 45210,
    service_type: 'Oil & Filter Change',
    notes: 'Used 5W-30.',
    technician_name: 'Sam Patel',
    stored_names: { technician_name: 'Sam Patel', signed_by: 'Jo Hartley' },
    customer_email: 'driver@example.com',
    customer_phone: '07700900123',
    created_at: '2025-03-14T10:22:00.000Z',
    garage: { name: 'Hartley Motors', email: 'owner@hartleymotors.co.uk' },
    amendments: [],
    withdrawal: null,
    ...overrides,
  };
}

export function buildAmendment(overrides: Partial<TAmendment> = {}): TAmendment {
  return {
    id: nextId('8a7b6c5d'),
    amended_at: '2026-11-23T14:05:00.000Z',
    amended_by: { id: ADMIN_USER.id, email: ADMIN_USER.email },
    reason: 'Garage reported a typo',
    changes: [{ field: 'notes', from: 'Used 5W-30.', to: 'Used 5W-40.' }],
    position: 2,
    ...overrides,
  };
}

export function buildAdminAction(overrides: Partial<TAdminAction> = {}): TAdminAction {
  return {
    id: nextId('5e4d3c2b'),
    at: '2026-11-23T14:05:00.000Z',
    actor: { id: ADMIN_USER.id, email: ADMIN_USER.email },
    action: 'service_record.amended',
    subject: { type: 'service_record', id: nextId('3f1c9a52'), label: 'AB12CDE' },
    reason: 'Garage reported a typo',
    service: 'records',
    ...overrides,
  };
}

/** The data of a GET admin/data answer. */
export function adminData(overrides: Partial<TAdminData> = {}): TAdminData {
  return {
    totals: { garages: 10_000, serviceRecords: 1_000_000, activeSubscriptions: 7_532, latestServiceDate: '2026-11-20' },
    garages: [],
    serviceRecords: [],
    nextCursors: { garages: null, serviceRecords: null },
    adminActions: [],
    unavailable: [],
    ...overrides,
  };
}

export function adminDataReply(overrides: Partial<TAdminData> = {}): TApiReply {
  return ok(adminData(overrides));
}

/** The data of a GET admin/status answer: everything up unless told otherwise. */
export function adminStatus(overrides: Partial<TAdminStatus> = {}): TAdminStatus {
  return {
    ok: true,
    summary: 'All systems operational',
    checkedAt: '2026-11-23T14:05:07.000Z',
    checks: [
      { name: 'identity', ok: true, detail: null },
      { name: 'records', ok: true, detail: null },
      { name: 'Redis', ok: true, detail: null },
    ],
    queues: [
      { service: 'records', waiting: 2, active: 1, delayed: 3, failed: 0 },
      { service: 'notifications', waiting: 0, active: 0, delayed: 0, failed: 1 },
    ],
    deadEvents: [],
    ...overrides,
  };
}

/** The query of a call as an object ("?a=1&b=2" -> {a: '1', b: '2'}). */
export function queryOf(call: { query: string } | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(call?.query ?? ''));
}
