import { describe, expect, it } from 'vitest';
import { ZLookupRequestSchema } from '@sh/shared/contract';
import { lookupRegistrationSchema } from '../src/lib/lookup-registration';

/** The lookup form checks without zod; it must answer exactly as the contract's schema does. */
describe('lookupRegistrationSchema', () => {
  const inputs = [
    '',
    '   ',
    'ab12cde',
    'AB12 CDE',
    ' ad61hcx ',
    'AB-12',
    'AB12CDEF',
    'ÄB12',
    'a',
    '12345678',
    'AB1\tCD',
    'ABCDEFG',
    'kept123',
    '1234567',
    'abz 1234',
    'a123bcd',
    'abc123d',
    { registration: 7 },
    null,
  ];

  it.each(inputs.map((input) => [JSON.stringify(input), input]))(
    'answers %s as ZLookupRequestSchema does',
    (_name, input) => {
      const value = typeof input === 'object' ? input : { registration: input };
      const expected = ZLookupRequestSchema.safeParse(value);
      const actual = lookupRegistrationSchema.safeParse(value);
      expect(actual.success).toBe(expected.success);
      if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
      // zod words a value of the wrong type its own way; a form only ever sends strings.
      if (
        !expected.success &&
        !actual.success &&
        typeof (value as { registration?: unknown } | null)?.registration === 'string'
      ) {
        expect(actual.error.issues.map((issue) => issue.message)).toEqual([expected.error.issues[0]?.message]);
      }
    },
  );
});
