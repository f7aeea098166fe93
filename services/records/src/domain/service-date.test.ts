import { describe, expect, it } from 'vitest';
import { serviceDateFor } from './service-date.js';

describe('serviceDateFor', () => {
  it('is the date in London: after 23:00 UTC in summer it is already tomorrow', () => {
    expect(serviceDateFor(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(serviceDateFor(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });

  it('is the date in London in winter, when London is on UTC', () => {
    expect(serviceDateFor(new Date('2026-01-15T00:30:00Z'))).toBe('2026-01-15');
    expect(serviceDateFor(new Date('2026-01-14T23:59:59Z'))).toBe('2026-01-14');
  });

  it('writes the date as YYYY-MM-DD', () => {
    expect(serviceDateFor(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05');
  });
});
