import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isUkRegistration,
  MESSAGES,
  normaliseRegistration,
  UK_REGISTRATION_PATTERNS,
  ZLookupRequestSchema,
  ZVehicleReportRequestSchema,
} from '../src/contract/index.js';

/** Plates of every UK format, as people type them (spaces, lower case). */
const VALID = [
  ['current', 'AB12CDE'],
  ['current, typed with a space in lower case', 'ab12 cde'],
  ['current, a seeded demo vehicle', 'AD61HCX'],
  ['current, another', 'CO15GRV'],
  ['prefix', 'A123BCD'],
  ['prefix, one digit', 'P1ABC'],
  ['suffix', 'ABC123D'],
  ['suffix, one digit', 'ABC1D'],
  ['dateless, letters then digits', 'ABC1234'],
  ['dateless, one letter one digit', 'A1'],
  ['dateless, digits then letters', '1234AB'],
  ['dateless, one digit one letter', '1A'],
  ['Northern Ireland', 'ABZ 1234'],
  ['Northern Ireland, short', 'IAZ 12'],
] as const;

/** Letters and digits within seven that no UK plate has. */
const INVALID = [
  ['letters only', 'ABCDEFG'],
  ['digits only', '1234567'],
  ['four letters then digits', 'ABCD123'],
  ['current with a letter for a digit', 'AB1CCDE'],
  ['digits, letters, digits', '12AB34'],
  ['letters, digits, letters, digits', 'A1B2C3D'],
  ['five digits after letters', 'AB12345'],
  ['a letter between digits', '1A1'],
  ['made up', 'KEPT123'],
] as const;

describe('UK registration formats', () => {
  it.each(VALID)('accept %s: %s', (_format, typed) => {
    expect(isUkRegistration(normaliseRegistration(typed))).toBe(true);
    expect(ZVehicleReportRequestSchema.parse({ registration: typed })).toEqual({
      registration: normaliseRegistration(typed),
    });
    expect(ZLookupRequestSchema.safeParse({ registration: typed }).success).toBe(true);
  });

  it.each(INVALID)('refuse %s: %s, with a message saying so', (_format, typed) => {
    expect(isUkRegistration(typed)).toBe(false);
    const parsed = ZVehicleReportRequestSchema.safeParse({ registration: typed });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.lookup.notUkRegistration]);
  });

  it('keep their earlier messages for an empty, overlong or non-alphanumeric registration', () => {
    const messageOf = (registration: string) =>
      ZLookupRequestSchema.safeParse({ registration }).error?.issues.map((issue) => issue.message);
    expect(messageOf('  ')).toEqual([MESSAGES.lookup.noRegistration]);
    expect(messageOf('AB12CDEF')).toEqual([MESSAGES.platform.registrationTooLong]);
    expect(messageOf('AB-12')).toEqual([MESSAGES.platform.registrationInvalidCharacters]);
  });

  it('accept every registration of the seed data (and so of the DVLA and DVSA doubles, which serve it)', () => {
    const seed = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../data/seed/vehicles.json'), 'utf8'),
    ) as { registration: string }[];
    const registrations = seed.map((vehicle) => vehicle.registration);
    expect(registrations.length).toBeGreaterThan(100);
    expect(registrations.filter((registration) => !isUkRegistration(registration))).toEqual([]);
  });

  it.each(UK_REGISTRATION_PATTERNS.map((pattern) => [pattern.source]))(
    'run in linear time: %s has no group, so no quantifier inside another',
    (source) => {
      expect(source).not.toMatch(/[()|]/);
    },
  );
});
