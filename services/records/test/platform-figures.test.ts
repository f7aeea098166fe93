import { PLATFORM_FIGURES_MAX_AGE_SECONDS, ZPlatformFiguresResponseSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastTwelveMonths } from '../src/domain/platform-figures.js';
import { buildGarageAccount, logServiceRecord, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;
let clock = new Date();

beforeAll(async () => {
  stack = await startRecordsStack({ now: () => clock });
});
afterAll(async () => {
  await stack?.close();
});

async function figures() {
  const answer = await callJson(stack.url, 'GET', '/api/v1/platform-figures');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe(`public, max-age=${PLATFORM_FIGURES_MAX_AGE_SECONDS}`);
  return ZPlatformFiguresResponseSchema.parse(answer.body).data;
}

describe('GET /platform-figures (issue 26)', () => {
  it('counts the 12 months to today on the UK calendar, both days included', () => {
    expect(lastTwelveMonths(new Date('2026-11-25T00:30:00Z'))).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    // 23:30 UTC on 30 June is already 1 July in London.
    expect(lastTwelveMonths(new Date('2026-06-30T23:30:00Z'))).toEqual({ from: '2025-07-02', to: '2026-07-01' });
  });

  it('counts subscribed garages, and the public services and vehicles of the period, from its own data, counting again once its answer is old', async () => {
    const active = await buildGarageAccount(stack, { status: 'active' });
    await buildGarageAccount(stack, { status: 'trialing' });
    await buildGarageAccount(stack, { status: 'canceled' });
    await buildGarageAccount(stack, { status: null });

    const first = await figures();
    expect(first).toEqual({
      garagesSubscribed: 2,
      servicesLogged: 0,
      vehiclesServiced: 0,
      period: lastTwelveMonths(clock),
      countedAt: clock.toISOString(),
    });

    await logServiceRecord(stack, active, { vehicle_registration: 'PF26AAA', vin: 'WVWZZZ1JZXW000011' });
    await logServiceRecord(stack, active, { vehicle_registration: 'PF26AAA', vin: 'WVWZZZ1JZXW000011' });
    await logServiceRecord(stack, active, { vehicle_registration: 'PF26BBB', vin: 'WVWZZZ1JZXW000012' });
    // Outside the period, and withdrawn: neither counts.
    await stack.db.pool.query(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type)
       VALUES ($1, 'WVWZZZ1JZXW000013', 'PF13OLD', $2::date - 1, 1000, 'Full Service')`,
      [active.id, lastTwelveMonths(clock).from],
    );
    await stack.db.pool.query(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type,
                                    withdrawn_at, withdrawn_by, withdrawn_by_email, withdrawal_reason)
       VALUES ($1, 'WVWZZZ1JZXW000014', 'PF26GNE', $2::date, 1000, 'Full Service', now(), $1, 'a@b.c', 'wrong car')`,
      [active.id, lastTwelveMonths(clock).to],
    );

    // Within its age the kept answer is served, without counting again.
    expect(await figures()).toEqual(first);

    clock = new Date(clock.getTime() + PLATFORM_FIGURES_MAX_AGE_SECONDS * 1000 + 1000);
    expect(await figures()).toEqual({
      garagesSubscribed: 2,
      servicesLogged: 3,
      vehiclesServiced: 2,
      period: lastTwelveMonths(clock),
      countedAt: clock.toISOString(),
    });
  });
});
