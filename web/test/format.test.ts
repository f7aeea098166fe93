import { describe, expect, it } from 'vitest';
import { formatMileage, formatRecordCount, formatServiceDate, formatTodayInUk } from '../src/lib/format';
import { pickServiceIconKind } from '../src/lib/service-icon-kind';
import { toRegistrationInput } from '../src/lib/registration-input';

describe('formatServiceDate', () => {
  it('prints a YYYY-MM-DD date in long en-GB form', () => {
    expect(formatServiceDate('2025-03-14')).toBe('14 March 2025');
  });

  it('does not shift the first or last day of a month, whatever the time zone', () => {
    expect(formatServiceDate('2024-01-01')).toBe('1 January 2024');
    expect(formatServiceDate('2023-12-31')).toBe('31 December 2023');
  });

  it('handles a leap day', () => {
    expect(formatServiceDate('2024-02-29')).toBe('29 February 2024');
  });

  it('returns anything that is not a real calendar date unchanged', () => {
    expect(formatServiceDate('2023-02-29')).toBe('2023-02-29');
    expect(formatServiceDate('14/03/2025')).toBe('14/03/2025');
    expect(formatServiceDate('')).toBe('');
  });
});

describe('formatTodayInUk', () => {
  it("prints the UK calendar date, which differs from UTC's just after midnight in summer", () => {
    expect(formatTodayInUk(new Date('2025-06-30T23:30:00Z'))).toBe('1 July 2025');
  });
});

describe('formatMileage', () => {
  it('adds thousands separators and the unit', () => {
    expect(formatMileage(45210)).toBe('45,210 miles');
    expect(formatMileage(1234567)).toBe('1,234,567 miles');
    expect(formatMileage(980)).toBe('980 miles');
  });

  it('uses the singular for one mile', () => {
    expect(formatMileage(1)).toBe('1 mile');
  });

  it('returns null when the mileage is unknown', () => {
    expect(formatMileage(null)).toBeNull();
    expect(formatMileage(undefined)).toBeNull();
  });
});

describe('formatRecordCount', () => {
  it('uses the singular for one record and the plural otherwise', () => {
    expect(formatRecordCount(1)).toBe('1 record found');
    expect(formatRecordCount(3)).toBe('3 records found');
    expect(formatRecordCount(0)).toBe('0 records found');
  });
});

describe('pickServiceIconKind', () => {
  it('matches the words full service, oil and brake, in that order of priority', () => {
    expect(pickServiceIconKind('Full Service')).toBe('full-service');
    expect(pickServiceIconKind('Full Service, Brake Fluid Change')).toBe('full-service');
    expect(pickServiceIconKind('Oil Change')).toBe('oil');
    expect(pickServiceIconKind('Oil & Filter Change, Brake Pad Replacement')).toBe('oil');
    expect(pickServiceIconKind('Brake Replacement')).toBe('brake');
    expect(pickServiceIconKind('brake disc replacement')).toBe('brake');
  });

  it('gives every other service the generic icon', () => {
    expect(pickServiceIconKind('Tyre Replacement')).toBe('general');
    expect(pickServiceIconKind('Interim Service')).toBe('general');
    expect(pickServiceIconKind('Boiler check')).toBe('general');
  });
});

describe('toRegistrationInput', () => {
  it('upper-cases, drops spaces and keeps at most seven characters', () => {
    expect(toRegistrationInput('ab12 cde')).toBe('AB12CDE');
    expect(toRegistrationInput('ab12cdefg')).toBe('AB12CDE');
    expect(toRegistrationInput('  ')).toBe('');
  });
});
