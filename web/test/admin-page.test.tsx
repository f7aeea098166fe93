import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { describeReferrer } from '../src/pages/admin/GaragesTable';
import { adminDataReply, buildAdminAction, buildAdminGarage, queryOf } from './admin-support';
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

function openAdmin(url: string, routes: Record<string, TApiRoute>) {
  const api = mockApi({ 'GET admin/status': pending, ...routes });
  storeSession(ADMIN_USER, 'admin');
  renderApp(url);
  return api;
}

function viewLinks() {
  return within(screen.getByRole('navigation', { name: 'Admin views' })).getAllByRole('link');
}

describe('/admin: the overview', () => {
  it('shows the three cards with the totals, the latest service date, the recent admin actions and the API docs', async () => {
    const api = openAdmin('/admin', {
      'GET admin/data': adminDataReply({
        adminActions: [
          buildAdminAction({
            action: 'garage.suspended',
            subject: { type: 'garage', id: 'g1', label: 'Quay Garage' },
            reason: 'Fake records reported',
          }),
          buildAdminAction({
            action: 'event.retried',
            subject: { type: 'event', id: 'e1', label: 'service_record.created' },
            reason: null,
          }),
          buildAdminAction({
            action: 'service_record.erased',
            subject: { type: 'service_record', id: 'r1', label: 'AB12CDE' },
            reason: 'Customer asked',
          }),
        ],
      }),
    });

    const totals = await screen.findByRole('list', { name: 'Totals' });
    const cards = within(totals)
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual(['Total garages10,000', 'Service records1,000,000', 'Active subscriptions7,532']);
    expect(screen.getByText(/^Latest service date:/).textContent).toBe('Latest service date: 20 November 2026');

    const audit = screen.getByRole('table', { name: 'Recent admin actions, newest first' });
    const rows = within(audit).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['23 November 2026 at 14:05', ADMIN_USER.email, 'Suspended a garage', 'Quay Garage', 'Fake records reported'],
      ['23 November 2026 at 14:05', ADMIN_USER.email, 'Retried a failed event', 'service_record.created', '—'],
      [
        '23 November 2026 at 14:05',
        ADMIN_USER.email,
        'Erased personal data from a service record',
        'AB12CDE',
        'Customer asked',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Open the API docs' }).getAttribute('href')).toBe('/api/v1/docs');
    expect(screen.getByRole('link', { name: 'Service record manager' }).getAttribute('href')).toBe('/admin/records');
    expect(viewLinks().map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([
      ['Overview', 'page'],
      ['Garages', null],
      ['Records', null],
    ]);
    expect(api.callsTo('GET admin/data')).toHaveLength(1);
  });

  it('says "Failed to load admin data" in the page, not in an alert box, and tries again', async () => {
    const alertBox = vi.fn();
    vi.stubGlobal('alert', alertBox);
    const api = openAdmin('/admin', {
      'GET admin/data': (_call, count) =>
        count === 1 ? failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable) : adminDataReply(),
    });

    const shown = await screen.findByText(MESSAGES.admin.loadFailed);
    expect(shown.closest('[role="alert"]')?.textContent).toContain(MESSAGES.platform.serviceUnavailable);
    expect(alertBox).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeTruthy();
    expect(api.callsTo('GET admin/data')).toHaveLength(2);
  });

  it('names the parts a service could not answer for, and shows the rest', async () => {
    openAdmin('/admin', { 'GET admin/data': adminDataReply({ unavailable: ['garages', 'billing'] }) });
    expect(
      await screen.findByText(
        'Not everything could be loaded just now: the garages, the admin actions kept by the billing service. The rest of the page is up to date.',
      ),
    ).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Totals' }))
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual(['Total garages—', 'Service records1,000,000', 'Active subscriptions—']);
  });
});

describe('/admin: the views in the URL', () => {
  it('opens the view the URL names, and moves between views through links that Back can undo', async () => {
    openAdmin('/admin?view=garages', { 'GET admin/data': adminDataReply({ garages: [buildAdminGarage()] }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Garages' })).toBeTruthy();
    expect(viewLinks().find((link) => link.getAttribute('aria-current') === 'page')?.textContent).toBe('Garages');

    fireEvent.click(screen.getByRole('link', { name: 'Records' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Service records' })).toBeTruthy();
    expect(currentLocation()).toBe('/admin?view=records');
  });

  it('treats an unknown view as the overview', async () => {
    openAdmin('/admin?view=nonsense', { 'GET admin/data': adminDataReply() });
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeTruthy();
  });
});

describe('/admin: the garages view', () => {
  it('lists each garage with contact, status badges, joined date, referral code and who referred it', async () => {
    const api = openAdmin('/admin?view=garages', {
      'GET admin/data': adminDataReply({
        garages: [
          buildAdminGarage({
            name: 'Hartley Motors',
            referred_by: { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', name: 'Quay Garage' },
          }),
          buildAdminGarage({
            name: 'Riverside Motors',
            subscription_status: 'trialing',
            referred_by: { id: null, name: null },
            suspension: { suspended_at: '2026-11-01T10:00:00.000Z', reason: 'Fake records reported' },
          }),
          buildAdminGarage({ name: 'Mill Lane Autos', subscription_status: 'inactive', email_confirmed: false }),
        ],
      }),
    });

    const table = await screen.findByRole('table', { name: 'Garages, page 1' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Garage', 'Contact', 'Status', 'Joined', 'Referral code', 'Referred by', 'Actions']);
    const [hartley, riverside, mill] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(hartley).getByRole('rowheader').textContent).toBe('Hartley Motors4 Mill Lane, Leeds LS1 4AB');
    const hartleyCells = within(hartley)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(hartleyCells.slice(0, 5)).toEqual([
      'owner@hartleymotors.co.uk01632960555',
      'Active',
      '15 January 2025',
      'GAR-ABCD1234',
      'Quay Garage',
    ]);
    expect(within(hartley).getByRole('button', { name: 'Suspend Hartley Motors' })).toBeTruthy();
    expect(within(riverside).getAllByRole('cell')[1]?.textContent).toBe('Free TrialSuspendedFake records reported');
    expect(within(riverside).getAllByRole('cell')[4]?.textContent).toBe('Unknown');
    expect(within(riverside).getByRole('button', { name: 'Reinstate Riverside Motors' })).toBeTruthy();
    expect(within(mill).getAllByRole('cell')[1]?.textContent).toBe('Not subscribedEmail unconfirmed');
    expect(within(mill).getAllByRole('cell')[4]?.textContent).toBe('—');
    expect(queryOf(api.callsTo('GET admin/data')[0])).toEqual({ only: 'garages' });
  });

  it('searches by name, email or company number and pages with Next and Previous over the cursors', async () => {
    const api = openAdmin('/admin?view=garages', {
      'GET admin/data': (call) => {
        const query = queryOf(call);
        if (query.garages_cursor === 'cursor-3')
          return adminDataReply({ garages: [buildAdminGarage({ name: 'Third page' })] });
        if (query.garages_cursor === 'cursor-2') {
          return adminDataReply({
            garages: [buildAdminGarage({ name: 'Second page' })],
            nextCursors: { garages: 'cursor-3', serviceRecords: null },
          });
        }
        return adminDataReply({
          garages: [buildAdminGarage({ name: `First page ${query.garages_q ?? ''}` })],
          nextCursors: { garages: 'cursor-2', serviceRecords: null },
        });
      },
    });
    const firstName = () => screen.getAllByRole('rowheader')[0]?.textContent ?? '';

    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(firstName()).toContain('Second page'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(firstName()).toContain('Third page'));
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await vi.waitFor(() => expect(firstName()).toContain('Second page'));
    expect(screen.getByText('Page 2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search garages'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(firstName()).toContain('First page 12345678'));
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');

    const cursors = api.callsTo('GET admin/data').map((call) => queryOf(call).garages_cursor ?? null);
    expect(cursors).toEqual([null, 'cursor-2', 'cursor-3', 'cursor-2', null]);
    expect(queryOf(api.callsTo('GET admin/data').at(-1))).toEqual({ only: 'garages', garages_q: '12345678' });
  });

  it('suspends a garage with a reason, shows its Suspended badge and says so; a missing reason is asked for first', async () => {
    const garage = buildAdminGarage({ name: 'Quay Garage' });
    const api = openAdmin('/admin?view=garages', {
      'GET admin/data': adminDataReply({ garages: [garage] }),
      [`POST garages/${garage.id}/suspension`]: ok(
        {
          garage: {
            ...garage,
            suspension: { suspended_at: '2026-11-23T14:05:00.000Z', reason: 'Fake records reported' },
          },
        },
        ADMIN_ACTION_MESSAGES.garageSuspended,
      ),
    });

    const suspend = await screen.findByRole('button', { name: 'Suspend Quay Garage' });
    suspend.focus();
    fireEvent.click(suspend);
    const dialog = screen.getByRole('dialog', { name: 'Suspend Quay Garage' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason for suspending'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend garage' }));
    expect(await within(dialog).findByText(ADMIN_ACTION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.callsTo(`POST garages/${garage.id}/suspension`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for suspending'), {
      target: { value: '  Fake records reported ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend garage' }));

    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.garageSuspended)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(`POST garages/${garage.id}/suspension`)[0]?.body).toEqual({ reason: 'Fake records reported' });
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Suspended')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reinstate Quay Garage' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain(ADMIN_ACTION_MESSAGES.garageSuspended);
  });

  it('reinstates with DELETE and its reason, and keeps a failure in the dialog', async () => {
    const garage = buildAdminGarage({
      name: 'Quay Garage',
      suspension: { suspended_at: '2026-11-01T10:00:00.000Z', reason: 'Checks' },
    });
    const api = openAdmin('/admin?view=garages', {
      'GET admin/data': adminDataReply({ garages: [garage] }),
      [`DELETE garages/${garage.id}/suspension`]: (_call, count) =>
        count === 1
          ? failure(409, 'not_suspended', ADMIN_ACTION_MESSAGES.notSuspended)
          : ok({ garage: { ...garage, suspension: null } }),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate Quay Garage' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate Quay Garage' });
    fireEvent.change(within(dialog).getByLabelText('Reason for reinstating'), { target: { value: 'Checks passed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate garage' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMIN_ACTION_MESSAGES.notSuspended);
    expect((within(dialog).getByLabelText('Reason for reinstating') as HTMLTextAreaElement).value).toBe(
      'Checks passed',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate garage' }));
    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.garageReinstated)).toBeTruthy();
    expect(api.callsTo(`DELETE garages/${garage.id}/suspension`).map((call) => call.body)).toEqual([
      { reason: 'Checks passed' },
      { reason: 'Checks passed' },
    ]);
    expect(screen.getByRole('button', { name: 'Suspend Quay Garage' })).toBeTruthy();
  });

  it('releases the company number of a garage that never confirmed its e-mail, and offers it for no other garage', async () => {
    const squatter = buildAdminGarage({
      name: 'Quay Garage',
      email_confirmed: false,
      companies_house_number: '12345678',
    });
    const confirmed = buildAdminGarage({
      name: 'Hartley Motors',
      email_confirmed: true,
      companies_house_number: '87654321',
    });
    const api = openAdmin('/admin?view=garages', {
      'GET admin/data': adminDataReply({ garages: [squatter, confirmed] }),
      [`POST garages/${squatter.id}/release-company`]: (_call, count) =>
        count === 1
          ? failure(409, 'conflict', MESSAGES.garages.releaseRefusedConfirmed)
          : ok({ id: squatter.id, released_company_number: '12345678' }, MESSAGES.garages.companyReleased),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Release company number of Quay Garage' }));
    expect(screen.queryByRole('button', { name: 'Release company number of Hartley Motors' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Release company number of Quay Garage' });
    expect(dialog.textContent).toContain('12345678');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release company number' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.garages.releaseRefusedConfirmed);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Release company number' }));
    expect(await screen.findByText(MESSAGES.garages.companyReleased)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(`POST garages/${squatter.id}/release-company`)).toHaveLength(2);
    // Released once, the number is gone and so is the button.
    expect(screen.queryByRole('button', { name: 'Release company number of Quay Garage' })).toBeNull();
  });

  it('closes the dialog on Escape and gives the focus back to the button that opened it', async () => {
    openAdmin('/admin?view=garages', {
      'GET admin/data': adminDataReply({ garages: [buildAdminGarage({ name: 'Quay Garage' })] }),
    });
    const suspend = await screen.findByRole('button', { name: 'Suspend Quay Garage' });
    suspend.focus();
    fireEvent.click(suspend);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(suspend);
  });
});

describe('describeReferrer', () => {
  it("gives the referring garage's name, Unknown when it is gone, and a dash when nobody referred", () => {
    expect(describeReferrer({ id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', name: 'Quay Garage' })).toBe('Quay Garage');
    expect(describeReferrer({ id: null, name: null })).toBe('Unknown');
    expect(describeReferrer(null)).toBe('—');
  });
});

describe('/admin: access', () => {
  it('is for admins only: a garage is sent to its dashboard and no admin call is made', async () => {
    const api = mockApi({
      'GET billing/subscription': pending,
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
    });
    storeSession({ id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', email: 'owner@hartleymotors.co.uk' }, 'garage');
    renderApp('/admin');
    await waitFor(() => expect(currentLocation()).toBe('/garage'));
    expect(api.calls.filter((call) => call.path.startsWith('admin/'))).toHaveLength(0);
  });
});
