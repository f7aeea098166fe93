import { describe, expect, it } from 'vitest';
import { assertCanChangeGarage } from './update-garage-phone.js';

const garageId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('assertCanChangeGarage', () => {
  it('lets the garage itself and any admin change the garage', () => {
    expect(() =>
      assertCanChangeGarage({ sub: garageId, role: 'garage', email: 'office@castle.co.uk' }, garageId),
    ).not.toThrow();
    expect(() =>
      assertCanChangeGarage({ sub: 'another-id', role: 'admin', email: 'ops@servicehistory.example' }, garageId),
    ).not.toThrow();
  });

  it("refuses another garage, and a plain user even with the garage's id, with 403", () => {
    for (const actor of [
      { sub: 'another-garage', role: 'garage' as const, email: 'office@other.co.uk' },
      { sub: garageId, role: 'none' as const, email: 'someone@castle.co.uk' },
    ]) {
      expect(() => assertCanChangeGarage(actor, garageId)).toThrow(
        expect.objectContaining({ code: 'forbidden', status: 403 }),
      );
    }
  });
});
