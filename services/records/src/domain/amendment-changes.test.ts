import { describe, expect, it } from 'vitest';
import { applyChanges, changesBetween, isHistoryChange, type AmendableValues } from './amendment-changes.js';

const current: AmendableValues = {
  service_type: 'Full Service',
  notes: 'All fluids topped up',
  service_date: '2025-03-14',
  customer_email: 'owner@example.co.uk',
  customer_phone: null,
};

describe('changesBetween', () => {
  it('lists each given field whose value differs, with its old and new value, in a fixed order', () => {
    expect(
      changesBetween(current, {
        customer_phone: '07700900123',
        notes: 'Rear pads at 4mm',
        service_type: 'Full Service',
      }),
    ).toEqual([
      { field: 'notes', from: 'All fluids topped up', to: 'Rear pads at 4mm' },
      { field: 'customer_phone', from: null, to: '07700900123' },
    ]);
  });

  it('counts clearing a field as a change, and a field left out or given unchanged as none', () => {
    expect(changesBetween(current, { notes: null })).toEqual([
      { field: 'notes', from: 'All fluids topped up', to: null },
    ]);
    expect(changesBetween(current, { service_date: '2025-03-14', customer_phone: null, notes: undefined })).toEqual([]);
  });
});

describe('applyChanges', () => {
  it('gives the values the changes leave, without touching the others', () => {
    const changes = changesBetween(current, { notes: 'Rear pads at 4mm', customer_email: null });
    expect(applyChanges(current, changes)).toEqual({ ...current, notes: 'Rear pads at 4mm', customer_email: null });
    expect(current.notes).toBe('All fluids topped up');
  });
});

describe('isHistoryChange', () => {
  it('tells the history fields from the customer contact', () => {
    expect(
      ['service_type', 'notes', 'service_date', 'customer_email', 'customer_phone'].map((field) =>
        isHistoryChange({ field: field as never, from: null, to: 'x' }),
      ),
    ).toEqual([true, true, true, false, false]);
  });
});
