import { ZAdminGarageSchema } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import type { AdminGarageRow } from '../store/admin-garage-row.js';
import { presentAdminGarage } from './present-admin-garage.js';

const row: AdminGarageRow = {
  id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Castle Garage Ltd',
  address: '1 Castle Street, York',
  email: 'office@castle.co.uk',
  phone: '01904123456',
  companies_house_number: '04879592',
  subscription_status: 'trialing',
  created_at: new Date('2025-03-14T09:30:00.000Z'),
  created_us: '1741944600000000',
  referral_code: 'GAR-ABCDEFGH',
  referred_by: null,
  was_referred: false,
  referrer_name: null,
  email_confirmed: true,
  suspended_at: null,
  suspension_reason: null,
};
const referrerId = '0b7a4c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d';

describe('presentAdminGarage', () => {
  it("shows the fields of the admin garages table, in the contract's shape", () => {
    const garage = presentAdminGarage(row);
    expect(garage).toEqual({
      id: row.id,
      name: 'Castle Garage Ltd',
      address: '1 Castle Street, York',
      email: 'office@castle.co.uk',
      phone: '01904123456',
      companies_house_number: '04879592',
      subscription_status: 'trialing',
      joined_at: '2025-03-14T09:30:00.000Z',
      referral_code: 'GAR-ABCDEFGH',
      referred_by: null,
      email_confirmed: true,
      suspension: null,
    });
    expect(ZAdminGarageSchema.parse(garage)).toEqual(garage);
  });

  it('names the referring garage while it exists, says Unknown (a null name) once it is gone, and a dash (null) for nobody', () => {
    expect(
      presentAdminGarage({ ...row, referred_by: referrerId, was_referred: true, referrer_name: 'Hartley Motors' })
        .referred_by,
    ).toEqual({
      id: referrerId,
      name: 'Hartley Motors',
    });
    expect(presentAdminGarage({ ...row, referred_by: null, was_referred: true }).referred_by).toEqual({
      id: null,
      name: null,
    });
    expect(presentAdminGarage(row).referred_by).toBeNull();
  });

  it('shows a suspension with when and why', () => {
    const garage = presentAdminGarage({
      ...row,
      suspended_at: new Date('2026-01-02T03:04:05.678Z'),
      suspension_reason: 'False records',
    });
    expect(garage.suspension).toEqual({ suspended_at: '2026-01-02T03:04:05.678Z', reason: 'False records' });
  });
});
