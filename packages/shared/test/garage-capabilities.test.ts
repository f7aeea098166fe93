import { describe, expect, it } from 'vitest';
import { GARAGE_CAPABILITIES, garageTeamRoleOf, mayGarage } from '../src/contract/index.js';

/** docs/product.md#the-garages-team: what a garage's owner and its technicians may do, one list for every check. */
describe("a garage's capabilities", () => {
  it('lets a technician log services and read the records, and nothing that is the owner’s', () => {
    const technicianMay = Object.keys(GARAGE_CAPABILITIES).filter((capability) =>
      mayGarage('technician', capability as keyof typeof GARAGE_CAPABILITIES),
    );
    expect(technicianMay.sort()).toEqual(['logServices', 'readRecords']);
    for (const ownersOnly of ['manageBilling', 'manageTeam', 'createApiKeys', 'editGarageDetails'] as const)
      expect(mayGarage('technician', ownersOnly)).toBe(false);
  });

  it('lets the owner (a garage account) do everything, and nobody else anything', () => {
    for (const capability of Object.keys(GARAGE_CAPABILITIES) as (keyof typeof GARAGE_CAPABILITIES)[]) {
      expect(mayGarage('garage', capability)).toBe(true);
      expect(mayGarage('admin', capability)).toBe(false);
      expect(mayGarage('none', capability)).toBe(false);
      expect(mayGarage(null, capability)).toBe(false);
    }
    expect([garageTeamRoleOf('garage'), garageTeamRoleOf('technician'), garageTeamRoleOf('admin')]).toEqual([
      'owner',
      'technician',
      null,
    ]);
  });
});
