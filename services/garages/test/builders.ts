/**
 * Garages' test data: the fixture companies, signup payloads and garage rows. No service code: the gateway's tests use
 * these too.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TestDatabase } from '@sh/shared/testing';

export const FIXTURES_PATH = path.join(import.meta.dirname, 'fixtures/companies.json');

/** Fixture companies (test/fixtures/companies.json) the tests refer to. */
export const COMPANIES = {
  hartley: { number: '04879592', name: 'HARTLEY MOTORS LTD' },
  hartleyLookAlike: { number: '11343566', name: 'HARTLEY MOTOR SERVICES LIMITED' },
  bridgend: { number: '08069655', name: 'BRIDGEND AUTO REPAIRS LTD' },
  kelvinside: { number: '06279983', name: 'KELVINSIDE GARAGE LTD' },
  welland: { number: '09370351', name: 'WELLAND VALLEY MOTORS LTD' },
  pennine: { number: '07470832', name: 'PENNINE AUTO CENTRE LTD' },
  clent: { number: '05153249', name: 'CLENT HILLS GARAGE LTD' },
  brunel: { number: '12858720', name: 'BRUNEL MOTOR ENGINEERS LTD' },
  forth: { number: '10117359', name: 'FORTH BRIDGE AUTOS LTD' },
  gower: { number: '08868305', name: 'GOWER MOTOR SERVICES LTD' },
  lavenderDissolved: { number: '04541030', name: 'LAVENDER HILL GARAGE LTD' },
  blackwater: { number: '13368762', name: 'BLACKWATER TYRE & SERVICE LTD' },
  eden: { number: '06939294', name: 'EDEN VALLEY MOTORS LTD' },
  obrien: { number: 'SC412345', name: "O'BRIEN & SONS (MOTORS) LIMITED" },
  menaiInLiquidation: { number: '03666200', name: 'MENAI MOTORS LTD' },
} as const;

/** A valid signup payload for a fixture company; override any field. */
export function signupPayload(company: { number: string; name: string }, overrides: Record<string, unknown> = {}) {
  const slug = company.name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    name: company.name,
    email: `office@${slug}.co.uk`,
    phone: '07700900123',
    address: '12 Station Road, Leeds, LS1 4AB',
    companies_house_number: company.number,
    full_name: 'Sam Patel',
    password: 'Spanner42',
    referral_code: null,
    ...overrides,
  };
}

/** Inserts a garage straight into the table (for referral, duplicate, profile and admin list tests). */
export async function buildGarage(
  stack: { garagesDb: TestDatabase },
  overrides: Partial<{
    id: string;
    name: string;
    email: string;
    companyNumber: string;
    referralCode: string;
    phone: string;
    referredBy: string | null;
    subscriptionStatus: 'inactive' | 'trialing' | 'active' | 'past_due' | 'canceled';
    /** A timestamptz literal, e.g. '2026-01-05 10:00:00.123456+00', to place the garage in the newest-first list. */
    createdAt: string;
  }> = {},
) {
  const id = overrides.id ?? randomUUID();
  const garage = {
    id,
    name: overrides.name ?? 'Ashcombe Autos Ltd',
    email: overrides.email ?? `garage-${id.slice(0, 8)}@ashcombe-autos.co.uk`,
    companyNumber: overrides.companyNumber ?? `9${id.replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
    referralCode:
      overrides.referralCode ??
      `GAR-${id
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8)
        .toUpperCase()}`,
    phone: overrides.phone ?? '01392123456',
  };
  await stack.garagesDb.pool.query(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code,
                          referred_by, subscription_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, now()))`,
    [
      garage.id,
      garage.name,
      garage.name.toUpperCase(),
      garage.companyNumber,
      garage.email,
      garage.phone,
      'Unit 6 Marsh Barton, Exeter, EX2 8NX',
      'Jo Bloggs',
      garage.referralCode,
      overrides.referredBy ?? null,
      overrides.subscriptionStatus ?? 'inactive',
      overrides.createdAt ?? null,
    ],
  );
  return garage;
}
