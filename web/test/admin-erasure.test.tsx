import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ERASURE_MESSAGES,
  type TAdminServiceRecord,
  type TErasableField,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { adminDataReply, buildAdminRecord, buildAmendment } from './admin-support';
import { ADMIN_USER, failure, mockApi, ok, pending, renderApp, storeSession, type TApiRoute } from './support';

// The admin's erasure of a record's personal fields (issue 23 point 6): the dialog, its checks, and what the page
// shows after it, on /admin?view=records and /admin/records alike.

afterEach(() => {
  vi.unstubAllGlobals();
});

const WITHDRAWAL = {
  withdrawn_at: '2026-11-01T10:00:00.000Z',
  withdrawn_by: { id: ADMIN_USER.id, email: ADMIN_USER.email },
  reason: 'Duplicate',
};

function openAt(url: string, record: TAdminServiceRecord, erasure: TApiRoute = pending) {
  const api = mockApi({
    'GET admin/status': pending,
    'GET admin/data': adminDataReply({ serviceRecords: [record] }),
    [`POST service-records/erasures/${record.id}`]: erasure,
  });
  storeSession(ADMIN_USER, 'admin');
  renderApp(url);
  return { api, erasureCalls: () => api.callsTo(`POST service-records/erasures/${record.id}`) };
}

/** Opens the records view and the erasure dialog from the keyboard's focus on the row's Erase button. */
async function openErase(record: TAdminServiceRecord, erasure: TApiRoute = pending) {
  const opened = openAt('/admin?view=records', record, erasure);
  const button = await screen.findByRole('button', { name: 'Erase data from AB12CDE, 14 March 2025' });
  button.focus();
  fireEvent.click(button);
  return { ...opened, button, dialog: screen.getByRole('dialog', { name: 'Erase personal data' }) };
}

function choice(dialog: HTMLElement, label: string): HTMLInputElement {
  return within(dialog).getByRole('checkbox', { name: label });
}

function erasedRecord(record: TAdminServiceRecord, fields: readonly TErasableField[]): TAdminServiceRecord {
  const technician = fields.includes('technician_name') ? null : record.stored_names.technician_name;
  const signer = fields.includes('signed_by') ? null : record.stored_names.signed_by;
  return {
    ...record,
    notes: fields.includes('notes') ? null : record.notes,
    customer_email: fields.includes('customer_email') ? null : record.customer_email,
    customer_phone: fields.includes('customer_phone') ? null : record.customer_phone,
    technician_name: technician ?? signer,
    stored_names: { technician_name: technician, signed_by: signer },
  };
}

function fillReason(dialog: HTMLElement, reason: string) {
  fireEvent.change(within(dialog).getByLabelText('Reason for erasing'), { target: { value: reason } });
}

function confirm(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
}

describe('erase personal data', () => {
  it('lists the notes, the technician and the signer with their values, warns that it cannot be undone, and takes the focus', async () => {
    const { dialog } = await openErase(
      buildAdminRecord({ notes: 'Customer Jane Doe asked for a call on 07700 900123.' }),
    );

    expect(choice(dialog, 'Notes').checked).toBe(false);
    expect(choice(dialog, 'Notes').getAttribute('aria-describedby')).toBeTruthy();
    const described = (label: string) =>
      (choice(dialog, label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(described('Notes')).toBe('Customer Jane Doe asked for a call on 07700 900123.');
    expect(described('Technician’s name')).toBe('Sam Patel');
    expect(described('Signer’s name')).toBe('Jo Hartley');
    // The customer's contact too (docs/product.md#retention): a customer may ask for it to be erased.
    expect(described('Customer’s e-mail')).toBe('driver@example.com');
    expect(choice(dialog, 'Customer’s e-mail').disabled).toBe(false);
    expect(document.activeElement).toBe(choice(dialog, 'Notes'));
    const warning = dialog.querySelector('.notice--warning');
    expect(warning?.textContent).toContain('This cannot be undone');
    expect(warning?.textContent).toContain('The history still verifies');
    // The warning is part of what the dialog says when it opens.
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.contains(warning ?? null)).toBe(
      true,
    );
  });

  it('says plainly that the signer stays shown when only the technician is erased', async () => {
    const { dialog } = await openErase(buildAdminRecord());
    const caution = /Jo Hartley will still show as the technician unless you tick Signer’s name too/;
    expect(within(dialog).queryByText(caution)).toBeNull();
    fireEvent.click(choice(dialog, 'Technician’s name'));
    expect(within(dialog).getByText(caution).closest('[aria-live="polite"]')).not.toBeNull();
    fireEvent.click(choice(dialog, 'Signer’s name'));
    expect(within(dialog).queryByText(caution)).toBeNull();
  });

  it('offers only what is left: nothing recorded cannot be ticked, and earlier notes in amendments go with the notes', async () => {
    const record = buildAdminRecord({
      notes: null,
      technician_name: 'Jo Hartley',
      stored_names: { technician_name: null, signed_by: 'Jo Hartley' },
      amendments: [buildAmendment({ changes: [{ field: 'notes', from: 'Call Jane on 07700 900123.', to: null }] })],
    });
    const { dialog } = await openErase(record);
    expect(choice(dialog, 'Technician’s name').disabled).toBe(true);
    expect(choice(dialog, 'Notes').disabled).toBe(false);
    expect(within(dialog).getByText('Its amendments keep earlier notes: these are erased too.')).toBeTruthy();
    expect(within(dialog).getByText('Shown as the technician, as no technician is named.')).toBeTruthy();
  });

  it('asks for a field and a reason with the withdrawal’s rules before sending anything', async () => {
    const { dialog, erasureCalls } = await openErase(buildAdminRecord());

    confirm(dialog);
    expect(await within(dialog).findByText(ERASURE_MESSAGES.fieldsRequired)).toBeTruthy();
    expect(within(dialog).getByText(ADMIN_ACTION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(document.activeElement).toBe(choice(dialog, 'Notes'));

    fireEvent.click(choice(dialog, 'Notes'));
    expect(within(dialog).queryByText(ERASURE_MESSAGES.fieldsRequired)).toBeNull();
    fillReason(dialog, 'Du');
    confirm(dialog);
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason for erasing'));
    expect(erasureCalls()).toHaveLength(0);
  });

  it('sends the ticked fields in order with the reason, shows the record as answered and says so, the focus back on Erase', async () => {
    const record = buildAdminRecord({ notes: 'Customer Jane Doe asked for a call.' });
    const { dialog, button, erasureCalls } = await openErase(record, (call) => {
      const { fields } = call.body as { fields: TErasableField[] };
      return ok({ serviceRecord: erasedRecord(record, fields) }, ERASURE_MESSAGES.recordErased);
    });
    fireEvent.click(choice(dialog, 'Signer’s name'));
    fireEvent.click(choice(dialog, 'Notes'));
    fillReason(dialog, ' The customer asked for their details to be removed ');
    confirm(dialog);

    expect(await screen.findByText(ERASURE_MESSAGES.recordErased)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(erasureCalls()[0]?.body).toEqual({
      fields: ['notes', 'signed_by'],
      reason: 'The customer asked for their details to be removed',
    });
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).not.toContain('Customer Jane Doe');
    expect(document.activeElement).toBe(button);
  });

  it('hides Erase once nothing is left, and the notice takes the focus', async () => {
    const record = buildAdminRecord();
    const { dialog } = await openErase(
      record,
      ok({
        serviceRecord: erasedRecord(record, [
          'notes',
          'technician_name',
          'signed_by',
          'customer_email',
          'customer_phone',
        ]),
      }),
    );
    for (const label of ['Notes', 'Technician’s name', 'Signer’s name', 'Customer’s e-mail', 'Customer’s phone'])
      fireEvent.click(choice(dialog, label));
    fillReason(dialog, 'Personal data in every field');
    confirm(dialog);
    expect(await screen.findByText(ERASURE_MESSAGES.recordErased)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Erase data/ })).toBeNull();
    expect(document.activeElement?.textContent).toBe(ERASURE_MESSAGES.recordErased);
  });

  it("keeps the dialog and the record as they were on a failure: the server's messages, under their field or above", async () => {
    const record = buildAdminRecord({ notes: 'Customer Jane Doe asked for a call.' });
    const { dialog, erasureCalls } = await openErase(record, (_call, count) => {
      if (count === 1) return failure(409, 'conflict', ERASURE_MESSAGES.sealedBeforeErasure);
      if (count === 2) {
        return failure(400, 'validation_failed', ADMIN_ACTION_MESSAGES.reasonTooShort, [
          { path: 'reason', message: ADMIN_ACTION_MESSAGES.reasonTooShort },
        ]);
      }
      return new TypeError('Failed to fetch');
    });
    fireEvent.click(choice(dialog, 'Notes'));
    fillReason(dialog, 'Personal data in the notes');

    confirm(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ERASURE_MESSAGES.sealedBeforeErasure);
    confirm(dialog);
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonTooShort)).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason for erasing').getAttribute('aria-invalid')).toBe('true');
    confirm(dialog);
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to erase the data. Please try again.'),
    );

    expect(erasureCalls()).toHaveLength(3);
    expect(choice(dialog, 'Notes').checked).toBe(true);
    expect((within(dialog).getByLabelText('Reason for erasing') as HTMLTextAreaElement).value).toBe(
      'Personal data in the notes',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getAllByRole('row')[1] as HTMLElement).textContent).toContain('Customer Jane Doe asked for a call.');
    expect(screen.queryByText(ERASURE_MESSAGES.recordErased)).toBeNull();
  });

  it('is not offered on a withdrawn record, whose notes and names the withdrawal deleted', async () => {
    openAt('/admin?view=records', buildAdminRecord({ withdrawal: WITHDRAWAL }));
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /^Erase data/ })).toBeNull();
  });

  it('works from the service record manager too, where the card shows the names as the lookup does after it', async () => {
    const record = buildAdminRecord();
    openAt('/admin/records?reg=AB12CDE', record, ok({ serviceRecord: erasedRecord(record, ['technician_name']) }));
    const button = await screen.findByRole('button', { name: 'Erase data from Oil & Filter Change of 14 March 2025' });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Erase personal data' });
    fireEvent.click(choice(dialog, 'Technician’s name'));
    fillReason(dialog, 'The technician asked to be removed');
    confirm(dialog);
    expect(await screen.findByText(ERASURE_MESSAGES.recordErased)).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).queryByText('Sam Patel')).toBeNull();
    expect(within(card).getByText('Jo Hartley')).toBeTruthy();
  });

  it('reads an amendment whose notes were erased as "Notes: erased" in the history', async () => {
    openAt(
      '/admin/records?reg=AB12CDE',
      buildAdminRecord({
        notes: null,
        amendments: [buildAmendment({ changes: [{ field: 'notes', from: null, to: null }] })],
      }),
    );
    const history = await screen.findByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .slice(1)
        .map((item) => item.textContent),
    ).toEqual(['Notes: erased']);
  });
});
