import { describe, expect, it } from 'vitest';
import { assertSelfOrAdmin, userTypeOf } from './user-type.js';

const userId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('userTypeOf', () => {
  it('is admin for a user in the admin table, whatever role they were created with', () => {
    expect(userTypeOf({ is_admin: true, role: 'none' })).toBe('admin');
    expect(userTypeOf({ is_admin: true, role: 'garage' })).toBe('admin');
  });

  it('is the created role otherwise', () => {
    expect(userTypeOf({ is_admin: false, role: 'garage' })).toBe('garage');
    expect(userTypeOf({ is_admin: false, role: 'none' })).toBe('none');
  });
});

describe('assertSelfOrAdmin', () => {
  it('lets a user change their own account and an admin any account', () => {
    expect(() =>
      assertSelfOrAdmin({ sub: userId, role: 'none', email: 'owner@hartley-motors.co.uk' }, userId),
    ).not.toThrow();
    expect(() =>
      assertSelfOrAdmin({ sub: 'another-id', role: 'admin', email: 'ops@servicehistory.example' }, userId),
    ).not.toThrow();
  });

  it('refuses anyone else with 403', () => {
    expect(() => assertSelfOrAdmin({ sub: 'another-id', role: 'garage', email: 'office@other.co.uk' }, userId)).toThrow(
      expect.objectContaining({ code: 'forbidden', status: 403 }),
    );
  });
});
