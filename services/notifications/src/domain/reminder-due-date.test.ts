import { describe, expect, it } from 'vitest';
import { addMonths, reminderDueDate } from './reminder-due-date.js';

describe('reminderDueDate', () => {
  it('is 11 months after the service when the garage chose the service', () => {
    expect(reminderDueDate({ basis: 'service', serviceDate: '2026-03-14', motExpiryDate: '2026-09-01' })).toEqual({
      dueDate: '2027-02-14',
      dueFrom: 'service',
    });
  });
  it('is a month before the MOT expiry when the garage chose the MOT', () => {
    expect(reminderDueDate({ basis: 'mot', serviceDate: '2026-03-14', motExpiryDate: '2026-09-01' })).toEqual({
      dueDate: '2026-08-01',
      dueFrom: 'mot',
    });
  });
  it('falls back to 11 months, saying so, when the MOT expiry is unknown or not after the service', () => {
    for (const motExpiryDate of [null, '2026-03-14', '2025-01-01']) {
      expect(reminderDueDate({ basis: 'mot', serviceDate: '2026-03-14', motExpiryDate })).toEqual({
        dueDate: '2027-02-14',
        dueFrom: 'service_no_mot_expiry',
      });
    }
  });
  it('keeps a month-end date within the month it lands in', () => {
    expect(addMonths('2025-03-31', 11)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', 11)).toBe('2026-12-15');
  });
});
