import { describe, expect, it } from 'vitest';
import { companyNamesMatch, normaliseCompanyName } from './company-name.js';

describe('companyNamesMatch', () => {
  it.each([
    ['Hartley Motors Ltd', 'HARTLEY MOTORS LIMITED'],
    ['hartley-motors', 'HARTLEY MOTORS LTD'],
    ['Smith & Jones Garage', 'SMITH AND JONES GARAGE LTD'],
    ["St. Mary's Autos", 'ST MARYS AUTOS LIMITED'],
    ['Smith + Jones Garage Limited', 'SMITH AND JONES GARAGE'],
    ['St Mary’s Autos', 'ST MARYS AUTOS LTD'],
  ])('matches %j with %j', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(true);
  });

  it.each([
    ['Hartley Motors', 'HARTLEY MOTOR SERVICES LIMITED'],
    ['Hartley Motor', 'HARTLEY MOTORS LTD'],
    ['Limited', 'HARTLEY LIMITED'],
    ['', 'HARTLEY MOTORS LTD'],
    ['!!!', '???'],
    ['Hartley Limited Motors', 'HARTLEY MOTORS LIMITED'],
  ])('does not match %j with %j', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(false);
  });

  it('keeps LIMITED when it is the whole name', () => {
    expect(normaliseCompanyName('Limited')).toBe('limited');
  });

  it('drops only a trailing LTD or LIMITED, written either way', () => {
    expect(normaliseCompanyName('Limited Edition Cars Ltd')).toBe('limitededitioncars');
    expect(normaliseCompanyName('  Hartley   Motors, L.T.D. ')).toBe('hartleymotors');
  });
});
