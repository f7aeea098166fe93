import { describe, expect, it } from 'vitest';
import { ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { describeAmendment } from '../src/components/ServiceRecordCard';
import { formatInstantDateInUk, todayIsoInUk } from '../src/lib/format';
import { inChecklistOrder, splitServiceType, toggleServiceItem } from '../src/lib/service-items';
import { toAmendInput, toEditRecordValues, ZEditRecordFormSchema } from '../src/pages/admin/edit-record-form';
import { describeChange } from '../src/pages/admin/RecordHistory';
import { buildAdminRecord } from './admin-support';

describe('the edit dialog: what an amendment sends', () => {
  const record = buildAdminRecord({
    service_type: 'Full Service, Brake Fluid Change',
    notes: 'Used 5W-30.',
    customer_phone: '07700900123',
  });

  it('sends the reason and nothing else when nothing changed, which the check refuses', () => {
    const input = toAmendInput(record, { ...toEditRecordValues(record), reason: 'Typo' });
    expect(input).toEqual({ reason: 'Typo' });
    const parsed = ZEditRecordFormSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['', ADMIN_ACTION_MESSAGES.nothingToChange],
    ]);
  });

  it('treats ticks in another order, spaces around notes and an e-mail in capitals as unchanged', () => {
    const values = {
      ...toEditRecordValues(record),
      services: ['Brake Fluid Change', 'Full Service'],
      notes: ' Used 5W-30. ',
      reason: 'Typo',
    };
    expect(
      toAmendInput(
        { ...record, customer_email: 'driver@example.com' },
        { ...values, customerEmail: 'Driver@Example.com ' },
      ),
    ).toEqual({ reason: 'Typo' });
  });

  it('keeps a service type stored under older wording unless the services are changed', () => {
    const legacy = buildAdminRecord({ service_type: 'Oil Change' });
    const values = toEditRecordValues(legacy);
    expect(values.services).toEqual([]);
    expect(toAmendInput(legacy, { ...values, notes: 'Now with notes', reason: 'Typo' })).toEqual({
      notes: 'Now with notes',
      reason: 'Typo',
    });
    expect(toAmendInput(legacy, { ...values, services: ['Oil & Filter Change'], reason: 'Typo' })).toEqual({
      service_type: 'Oil & Filter Change',
      reason: 'Typo',
    });
  });

  it('parses a change into the PATCH body: emptied fields become null, the reason is trimmed', () => {
    const input = toAmendInput(record, {
      ...toEditRecordValues(record),
      notes: '',
      customerPhone: '',
      reason: '  Customer asked  ',
    });
    expect(ZEditRecordFormSchema.parse(input)).toEqual({ notes: null, customer_phone: null, reason: 'Customer asked' });
  });

  it("refuses a date later than today in the UK, and accepts today's", () => {
    const today = todayIsoInUk();
    const accepted = ZEditRecordFormSchema.safeParse({ service_date: today, reason: 'Wrong day' });
    expect(accepted.success).toBe(true);
    const refused = ZEditRecordFormSchema.safeParse({ service_date: '2999-01-01', reason: 'Wrong day' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['service_date', ADMIN_ACTION_MESSAGES.serviceDateInFuture],
    ]);
  });
});

describe('service items', () => {
  it('splits a stored service type, orders ticks as the checklist does, and toggles one', () => {
    expect(splitServiceType('Full Service, Brake Fluid Change, Full Service')).toEqual([
      'Full Service',
      'Brake Fluid Change',
    ]);
    expect(inChecklistOrder(['MOT Test', 'Brake Fluid Change', 'Full Service'])).toEqual([
      'Full Service',
      'Brake Fluid Change',
      'MOT Test',
    ]);
    expect(toggleServiceItem(['MOT Test'], 'Full Service', true)).toEqual(['Full Service', 'MOT Test']);
    expect(toggleServiceItem(['Full Service', 'MOT Test'], 'Full Service', false)).toEqual(['MOT Test']);
  });
});

describe('the amendment lines', () => {
  it('reads "Amended on {date} by the platform: {reason}" with the date in long en-GB form in UK time', () => {
    expect(describeAmendment({ amended_at: '2026-11-23T10:00:00.000Z', reason: 'Garage reported a typo' })).toBe(
      'Amended on 23 November 2026 by the platform: Garage reported a typo',
    );
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time.
    expect(formatInstantDateInUk('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
  });

  it('describes each change of a field from its old to its new value', () => {
    expect(describeChange({ field: 'notes', from: null, to: 'Used 5W-40.' })).toBe('Notes: (none) → Used 5W-40.');
    expect(describeChange({ field: 'service_date', from: '2025-06-02', to: '2025-06-01' })).toBe(
      'Service date: 2 June 2025 → 1 June 2025',
    );
    expect(describeChange({ field: 'customer_phone', from: '07700900123', to: null })).toBe(
      'Customer phone: 07700900123 → (none)',
    );
  });
});
