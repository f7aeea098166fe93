import {
  MESSAGES,
  type TAdminAction,
  type TInternalGaragesResponse,
  type TInternalRecordsResponse,
} from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { composeAdminData, mergeAdminActions } from './compose-admin-data.js';

const actor = { id: '7f7c1a52-3f51-4e0e-9a47-2b0e5b8e2f10', email: 'admin@example.co.uk' };

function buildAction(service: TAdminAction['service'], at: string, n: number): TAdminAction {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at,
    actor,
    action: 'garage.suspended',
    subject: { type: 'garage', id: String(n), label: `garage ${n}` },
    reason: 'why',
    service,
  };
}

const garagesPage: TInternalGaragesResponse['data'] = {
  garages: [],
  nextCursor: 'g2',
  totals: { garages: 12, activeSubscriptions: 7 },
};
const recordsPage: TInternalRecordsResponse['data'] = {
  serviceRecords: [],
  nextCursor: 'r2',
  totals: { serviceRecords: 340, latestServiceDate: '2024-05-01' },
};

describe('mergeAdminActions', () => {
  it("interleaves the services' audits newest first and keeps the first `max`", () => {
    const garages = [
      buildAction('garages', '2024-05-03T10:00:00.000Z', 1),
      buildAction('garages', '2024-05-01T10:00:00.000Z', 2),
    ];
    const records = [
      buildAction('records', '2024-05-04T10:00:00.000Z', 3),
      buildAction('records', '2024-05-02T10:00:00.000Z', 4),
    ];
    expect(mergeAdminActions([garages, records], 3).map((a) => a.subject.id)).toEqual(['3', '1', '4']);
  });

  it('keeps at most 20 by default', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      buildAction('records', new Date(Date.UTC(2024, 0, 1 + i)).toISOString(), i),
    );
    const merged = mergeAdminActions([many]);
    expect(merged).toHaveLength(20);
    expect(merged[0]!.subject.id).toBe('29');
  });
});

describe('composeAdminData', () => {
  it('takes the totals from both lists and lists nothing as unavailable when every part answered', () => {
    const data = composeAdminData({
      garages: garagesPage,
      records: recordsPage,
      actions: [{ service: 'records', adminActions: [] }],
    });
    expect(data.totals).toEqual({
      garages: 12,
      activeSubscriptions: 7,
      serviceRecords: 340,
      latestServiceDate: '2024-05-01',
    });
    expect(data.nextCursors).toEqual({ garages: 'g2', serviceRecords: 'r2' });
    expect(data.unavailable).toEqual([]);
  });

  it('empties the list not asked for, cursor and all, and keeps its totals', () => {
    const data = composeAdminData({ only: 'garages', garages: garagesPage, records: recordsPage, actions: [] });
    expect(data.nextCursors).toEqual({ garages: 'g2', serviceRecords: null });
    expect(data.totals.serviceRecords).toBe(340);
  });

  it('names the parts that could not be had and still shows the rest', () => {
    const data = composeAdminData({
      garages: garagesPage,
      records: null,
      actions: [
        { service: 'garages', adminActions: [buildAction('garages', '2024-05-03T10:00:00.000Z', 1)] },
        { service: 'billing', adminActions: null },
      ],
    });
    expect(data.unavailable).toEqual(['records', 'billing']);
    expect(data.totals).toMatchObject({ garages: 12, serviceRecords: 0, latestServiceDate: null });
    expect(data.nextCursors.serviceRecords).toBeNull();
    expect(data.adminActions).toHaveLength(1);
  });

  it('is a 503 when neither list could be had', () => {
    expect(() => composeAdminData({ garages: null, records: null, actions: [] })).toThrow(
      expect.objectContaining({ code: 'service_unavailable', message: MESSAGES.platform.serviceUnavailable }),
    );
  });
});
