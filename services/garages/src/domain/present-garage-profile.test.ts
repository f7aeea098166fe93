import { ZGarageProfileSchema } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { presentGarageProfile } from './present-garage-profile.js';

describe('presentGarageProfile', () => {
  it("shows the API's fields of the garage and nothing of its billing ids or referrer", () => {
    const profile = presentGarageProfile({
      id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
      name: 'Castle Garage Ltd',
      address: '1 Castle Street, York',
      email: 'office@castle.co.uk',
      phone: '01904123456',
      full_name: 'Jo Bloggs',
      referral_code: 'GAR-ABCDEFGH',
      referred_by: '0b7a4c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d',
      subscription_status: 'active',
      stripe_customer_id: 'cus_123',
      subscription_id: 'sub_123',
      subscription_state_at: 1_700_000_000,
      created_at: new Date('2025-03-14T09:30:00.000Z'),
      suspended_at: null,
      suspension_reason: null,
      slug: 'castle-garage-ltd',
      town: '',
      postcode_district: '',
      opening_hours: '',
      services_offered: '',
      company_name: 'CASTLE GARAGE LTD',
      companies_house_number: '01234567',
      logo_updated_at: null,
    });
    expect(profile).toEqual({
      id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
      name: 'Castle Garage Ltd',
      address: '1 Castle Street, York',
      email: 'office@castle.co.uk',
      phone: '01904123456',
      referral_code: 'GAR-ABCDEFGH',
      subscription_status: 'active',
      created_at: '2025-03-14T09:30:00.000Z',
      slug: 'castle-garage-ltd',
      opening_hours: '',
      services_offered: '',
      logo_url: null,
    });
    expect(ZGarageProfileSchema.parse(profile)).toEqual(profile);
  });
});
