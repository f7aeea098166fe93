import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TAdminServiceRecord, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { adminDataReply, buildAdminRecord, buildAmendment, queryOf } from './admin-support';
import {
  ADMIN_USER,
  currentLocation,
  failure,
  mockApi,
  ok,
  pending,
  renderApp,
  storeSession,
  type TApiRoute,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openAt(url: string, routes: Record<string, TApiRoute>) {
  const api = mockApi({ 'GET admin/status': pending, ...routes });
  storeSession(ADMIN_USER, 'admin');
  renderApp(url);
  return api;
}

function field(dialog: HTMLElement, label: string): HTMLInputElement {
  return within(dialog).getByLabelText(label);
}

function checkbox(dialog: HTMLElement, item: string): HTMLInputElement {
  return within(dialog).getByRole('checkbox', { name: item, hidden: true });
}

function amended(record: TAdminServiceRecord, changes: Partial<TAdminServiceRecord>): TAdminServiceRecord {
  return {
    ...record,
    ...changes,
    amendments: [...record.amendments, buildAmendment({ reason: 'Garage reported a typo' })],
  };
}

describe('/admin?view=records', () => {
  it('lists each record with vehicle, service, garage, date and mileage, and its Amended and Withdrawn badges', async () => {
    const api = openAt('/admin?view=records', {
      'GET admin/data': adminDataReply({
        serviceRecords: [
          buildAdminRecord({ amendments: [buildAmendment()] }),
          buildAdminRecord({
            vehicle_registration: 'CD34EFG',
            service_type: 'Brake Pad Replacement',
            notes: null,
            mileage: null,
            withdrawal: {
              withdrawn_at: '2026-11-01T10:00:00.000Z',
              withdrawn_by: { id: ADMIN_USER.id, email: ADMIN_USER.email },
              reason: 'Duplicate',
            },
          }),
        ],
      }),
    });

    const table = await screen.findByRole('table', { name: 'Service records, page 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Vehicle', 'Service', 'Garage', 'Date', 'Mileage', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole('link', { name: 'AB12CDE: every record and its history' }).getAttribute('href'),
    ).toBe('/admin/records?reg=AB12CDE');
    expect(within(first).getByRole('rowheader').textContent).toContain('WVWZZZ1KZAW000001');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Oil & Filter ChangeUsed 5W-30.Amended',
      'Hartley Motors',
      '14 March 2025',
      '45,210 miles',
      'EditErase dataDelete',
    ]);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Brake Pad ReplacementWithdrawn',
      'Hartley Motors',
      '14 March 2025',
      '—',
      '—No actions for a withdrawn record',
    ]);
    expect(queryOf(api.callsTo('GET admin/data')[0])).toEqual({ only: 'serviceRecords' });
  });

  it('searches by registration, upper-cased as typed', async () => {
    const api = openAt('/admin?view=records', {
      'GET admin/data': adminDataReply({ serviceRecords: [buildAdminRecord()] }),
    });
    await screen.findByRole('table');
    const box = screen.getByLabelText('Search by registration') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ab12 cde' } });
    expect(box.value).toBe('AB12CDE');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(api.callsTo('GET admin/data')).toHaveLength(2));
    expect(queryOf(api.callsTo('GET admin/data')[1])).toEqual({ only: 'serviceRecords', records_q: 'AB12CDE' });
  });
});

describe('the edit dialog', () => {
  async function openEdit(record: TAdminServiceRecord, patch: TApiRoute = pending) {
    const api = openAt('/admin?view=records', {
      'GET admin/data': adminDataReply({ serviceRecords: [record] }),
      [`PATCH service-records/${record.id}`]: patch,
    });
    const edit = await screen.findByRole('button', { name: 'Edit AB12CDE, 14 March 2025' });
    edit.focus();
    fireEvent.click(edit);
    return { api, dialog: screen.getByRole('dialog', { name: 'Edit service record' }), edit };
  }

  it('shows the registration read-only and the record as it reads, its services ticked', async () => {
    const record = buildAdminRecord({ service_type: 'Full Service, Brake Fluid Change' });
    const { dialog } = await openEdit(record);
    expect(field(dialog, 'Registration').readOnly).toBe(true);
    expect(field(dialog, 'Registration').value).toBe('AB12CDE');
    expect(checkbox(dialog, 'Full Service').checked).toBe(true);
    expect(checkbox(dialog, 'Brake Fluid Change').checked).toBe(true);
    expect(checkbox(dialog, 'Oil & Filter Change').checked).toBe(false);
    expect(field(dialog, 'Notes').value).toBe('Used 5W-30.');
    expect(field(dialog, 'Service date').value).toBe('2025-03-14');
    expect(field(dialog, 'Service date').max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(field(dialog, 'Customer email').value).toBe('driver@example.com');
    expect(field(dialog, 'Customer phone').value).toBe('07700900123');
  });

  it('asks for a reason, refuses a future date and a save that changes nothing, all before sending', async () => {
    const record = buildAdminRecord();
    const { api, dialog } = await openEdit(record);
    const save = within(dialog).getByRole('button', { name: 'Save amendment' });

    fireEvent.click(save);
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(document.activeElement).toBe(field(dialog, 'Reason for the change'));

    fireEvent.change(field(dialog, 'Reason for the change'), { target: { value: 'Typo' } });
    fireEvent.click(save);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMIN_ACTION_MESSAGES.nothingToChange);

    fireEvent.change(field(dialog, 'Service date'), { target: { value: '2999-01-01' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.serviceDateInFuture)).toBeTruthy();

    fireEvent.change(field(dialog, 'Service date'), { target: { value: '2025-03-14' } });
    fireEvent.change(field(dialog, 'Customer email'), { target: { value: 'not-an-email' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(MESSAGES.records.customerEmailInvalid)).toBeTruthy();
    expect(api.callsTo(`PATCH service-records/${record.id}`)).toHaveLength(0);
  });

  it('sends only what changed with the reason, shows the amended record and gives the focus back to Edit', async () => {
    const record = buildAdminRecord();
    const { api, dialog, edit } = await openEdit(record, (call) => {
      const body = call.body as { notes: string };
      return ok({ serviceRecord: amended(record, { notes: body.notes }) }, ADMIN_ACTION_MESSAGES.recordAmended);
    });

    fireEvent.change(field(dialog, 'Notes'), { target: { value: 'Used 5W-40.' } });
    fireEvent.change(field(dialog, 'Reason for the change'), { target: { value: ' Garage reported a typo ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));

    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.recordAmended)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(`PATCH service-records/${record.id}`)[0]?.body).toEqual({
      notes: 'Used 5W-40.',
      reason: 'Garage reported a typo',
    });
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('Used 5W-40.');
    expect(within(row).getByText('Amended')).toBeTruthy();
    expect(document.activeElement).toBe(edit);
  });

  it('sends the ticked services in checklist order, and clears a customer phone as null', async () => {
    const record = buildAdminRecord({ service_type: 'Oil & Filter Change' });
    const { api, dialog } = await openEdit(record, ok({ serviceRecord: record }));
    fireEvent.click(checkbox(dialog, 'Brake Pad Replacement'));
    fireEvent.click(checkbox(dialog, 'Full Service'));
    fireEvent.change(field(dialog, 'Customer phone'), { target: { value: '' } });
    fireEvent.change(field(dialog, 'Reason for the change'), { target: { value: 'Services were missed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));

    await vi.waitFor(() => expect(api.callsTo(`PATCH service-records/${record.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH service-records/${record.id}`)[0]?.body).toEqual({
      service_type: 'Full Service, Oil & Filter Change, Brake Pad Replacement',
      customer_phone: null,
      reason: 'Services were missed',
    });
  });

  it("shows the server's field messages under their fields, and the page's message for a failure without one", async () => {
    const record = buildAdminRecord();
    const alertBox = vi.fn();
    vi.stubGlobal('alert', alertBox);
    const { dialog } = await openEdit(record, (_call, count) =>
      count === 1
        ? failure(400, 'validation_failed', ADMIN_ACTION_MESSAGES.serviceDateInFuture, [
            { path: 'service_date', message: ADMIN_ACTION_MESSAGES.serviceDateInFuture },
          ])
        : failure(500, 'internal', MESSAGES.platform.internal),
    );
    fireEvent.change(field(dialog, 'Service date'), { target: { value: '2025-03-13' } });
    fireEvent.change(field(dialog, 'Reason for the change'), { target: { value: 'Wrong day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));

    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.serviceDateInFuture)).toBeTruthy();
    expect(field(dialog, 'Service date').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(dialog, 'Service date'), { target: { value: '2025-03-12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.admin.updateFailed);
    expect(alertBox).not.toHaveBeenCalled();
  });
});

describe('delete (a withdrawal)', () => {
  it('asks for the reason, sends DELETE with {reason}, marks the record withdrawn and says so', async () => {
    const record = buildAdminRecord();
    const api = openAt('/admin?view=records', {
      'GET admin/data': adminDataReply({ serviceRecords: [record] }),
      [`DELETE service-records/${record.id}`]: ok({
        serviceRecord: {
          ...record,
          withdrawal: {
            withdrawn_at: '2026-11-23T14:05:00.000Z',
            withdrawn_by: { id: ADMIN_USER.id, email: ADMIN_USER.email },
            reason: 'Duplicate entry',
          },
        },
      }),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete AB12CDE, 14 March 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete service record' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason for deleting'), { target: { value: 'Du' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonTooShort)).toBeTruthy();
    expect(api.callsTo(`DELETE service-records/${record.id}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for deleting'), { target: { value: 'Duplicate entry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));

    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.recordWithdrawn)).toBeTruthy();
    expect(api.callsTo(`DELETE service-records/${record.id}`)[0]?.body).toEqual({ reason: 'Duplicate entry' });
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Withdrawn')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(document.activeElement?.textContent).toBe(ADMIN_ACTION_MESSAGES.recordWithdrawn);
  });

  it("shows the server's message in the dialog, else 'Failed to delete record'", async () => {
    const record = buildAdminRecord();
    openAt('/admin?view=records', {
      'GET admin/data': adminDataReply({ serviceRecords: [record] }),
      [`DELETE service-records/${record.id}`]: (_call, count) =>
        count === 1
          ? failure(409, 'already_withdrawn', ADMIN_ACTION_MESSAGES.alreadyWithdrawn)
          : new TypeError('Failed to fetch'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete AB12CDE, 14 March 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete service record' });
    fireEvent.change(within(dialog).getByLabelText('Reason for deleting'), { target: { value: 'Duplicate entry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMIN_ACTION_MESSAGES.alreadyWithdrawn);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.admin.deleteFailed));
  });
});

describe('/admin/records: the service record manager', () => {
  it('requires a registration, upper-cased as typed, and keeps it in the URL', async () => {
    const api = openAt('/admin/records', {
      'GET admin/data': adminDataReply({ serviceRecords: [buildAdminRecord()] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Service record manager' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.searchNeedsRegistration)).toBeTruthy();
    expect(api.callsTo('GET admin/data')).toHaveLength(0);

    const box = screen.getByLabelText('Registration number') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ab12 cde' } });
    expect(box.value).toBe('AB12CDE');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('article');
    expect(currentLocation()).toBe('/admin/records?reg=AB12CDE');
    expect(queryOf(api.callsTo('GET admin/data')[0])).toEqual({
      only: 'serviceRecords',
      records_q: 'AB12CDE',
      limit: '100',
    });
  });

  it('shows the records newest first with a count, icon, date, garage, mileage, notes, technician and history', async () => {
    openAt('/admin/records?reg=AB12CDE', {
      'GET admin/data': adminDataReply({
        serviceRecords: [
          buildAdminRecord({
            service_type: 'Brake Pad Replacement',
            service_date: '2025-06-01',
            amendments: [
              buildAmendment({
                amended_at: '2026-11-23T14:05:00.000Z',
                reason: 'Garage reported a typo',
                changes: [
                  { field: 'notes', from: 'Used 5W-30.', to: 'Used 5W-40.' },
                  { field: 'service_date', from: '2025-06-02', to: '2025-06-01' },
                ],
              }),
            ],
          }),
          buildAdminRecord({
            technician_name: null,
            withdrawal: {
              withdrawn_at: '2026-11-24T09:00:00.000Z',
              withdrawn_by: { id: ADMIN_USER.id, email: ADMIN_USER.email },
              reason: 'Duplicate entry',
            },
          }),
          buildAdminRecord({ service_type: 'Tyre Replacement', service_date: '2024-01-10' }),
        ],
      }),
    });

    const cards = await screen.findAllByRole('article');
    expect(screen.getByText('3 records found, newest first')).toBeTruthy();
    expect(cards.map((card) => card.querySelector('[data-icon]')?.getAttribute('data-icon'))).toEqual([
      'brake',
      'oil',
      'general',
    ]);
    const [brake, withdrawn] = cards as [HTMLElement, HTMLElement];
    expect(within(brake).getByText('1 June 2025')).toBeTruthy();
    expect(within(brake).getByText('45,210 miles')).toBeTruthy();
    expect(within(brake).getByText('Sam Patel')).toBeTruthy();
    expect(within(brake).getByText('Hartley Motors')).toBeTruthy();
    const history = within(brake).getByRole('region', { name: 'History' });
    expect(history.textContent).toContain(
      `Amended on 23 November 2026 at 14:05 by ${ADMIN_USER.email}: Garage reported a typo`,
    );
    expect(
      within(history)
        .getAllByRole('listitem')
        .slice(1)
        .map((item) => item.textContent),
    ).toEqual(['Notes: Used 5W-30. → Used 5W-40.', 'Service date: 2 June 2025 → 1 June 2025']);
    expect(within(withdrawn).getByText('Withdrawn', { selector: '.status-badge' })).toBeTruthy();
    expect(within(withdrawn).getByText('Not recorded')).toBeTruthy();
    expect(within(withdrawn).getByRole('region', { name: 'History' }).textContent).toContain(
      `Withdrawn on 24 November 2026 at 09:00 by ${ADMIN_USER.email}: Duplicate entry`,
    );
    expect(within(withdrawn).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('edits and deletes there too, with the same dialogs', async () => {
    const record = buildAdminRecord();
    const api = openAt('/admin/records?reg=AB12CDE', {
      'GET admin/data': adminDataReply({ serviceRecords: [record] }),
      [`PATCH service-records/${record.id}`]: ok({ serviceRecord: amended(record, { notes: 'Used 5W-40.' }) }),
      [`DELETE service-records/${record.id}`]: new TypeError('Failed to fetch'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Oil & Filter Change of 14 March 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit service record' });
    fireEvent.change(field(dialog, 'Notes'), { target: { value: 'Used 5W-40.' } });
    fireEvent.change(field(dialog, 'Reason for the change'), { target: { value: 'Garage reported a typo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.recordAmended)).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).getByText('Used 5W-40.', { selector: 'dd' })).toBeTruthy();
    expect(within(card).getByRole('region', { name: 'History' }).textContent).toContain('Garage reported a typo');
    expect(api.callsTo(`PATCH service-records/${record.id}`)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Oil & Filter Change of 14 March 2025' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete service record' });
    fireEvent.change(within(confirm).getByLabelText('Reason for deleting'), { target: { value: 'Duplicate entry' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete record' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(MESSAGES.manager.deleteFailed);
  });

  it("says 'Failed to search records' in the page when the search fails", async () => {
    openAt('/admin/records?reg=AB12CDE', { 'GET admin/data': new TypeError('Failed to fetch') });
    expect(await screen.findByText(MESSAGES.manager.searchFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('links back to /admin', async () => {
    openAt('/admin/records', {});
    expect((await screen.findByRole('link', { name: 'Admin dashboard' })).getAttribute('href')).toBe('/admin');
  });
});
