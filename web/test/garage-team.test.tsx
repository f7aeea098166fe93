import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES, type TTeamMember } from '@sh/shared/contract';
import {
  buildSubscription,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  renderApp,
  renderAppSignedIn,
  storeSession,
  type TApiReply,
} from './support';

/** docs/product.md#the-garages-team in the web app: the owner's Team panel, a technician's dashboard, /accept-invite. */

const TECHNICIAN_USER = { id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', email: 'rhys@hartleymotors.co.uk' };

const member = (overrides: Partial<TTeamMember> = {}): TTeamMember => ({
  id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
  name: 'Rhys Price',
  email: 'rhys@hartleymotors.co.uk',
  status: 'invited',
  since: Date.UTC(2026, 10, 20),
  expiresAt: Date.UTC(2026, 10, 27),
  ...overrides,
});

const teamOf = (members: TTeamMember[]): TApiReply => ok({ members, limit: 50 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the owner's Team panel", () => {
  it('invites a technician by name and e-mail, then lists the invitation', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
      'GET reminders/garage': pending,
      'GET garage-team': (_call, count) => teamOf(count === 1 ? [] : [member()]),
      'GET api-keys': pending,
      'POST garage-team/invitations': {
        status: 201,
        body: { status: 201, message: TEAM_MESSAGES.invitationSent, data: { invitation: member() } },
      },
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/garage');
    const panel = await screen.findByRole('region', { name: 'Team' });
    await within(panel).findByText('No technicians yet.');
    fireEvent.change(within(panel).getByLabelText("Technician's name"), { target: { value: 'Rhys Price' } });
    fireEvent.change(within(panel).getByLabelText("Technician's email"), {
      target: { value: ' Rhys@HartleyMotors.co.uk ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send invitation' }));
    await within(panel).findByText(TEAM_MESSAGES.invitationSent);
    const list = await within(panel).findByRole('list', { name: 'Technicians' });
    expect(list.textContent).toContain('Rhys Price');
    expect(list.textContent).toContain('invited, link valid until 27 November 2026');
    expect(api.callsTo('POST garage-team/invitations').map((call) => call.body)).toEqual([
      { name: 'Rhys Price', email: 'rhys@hartleymotors.co.uk' },
    ]);
  });

  it('removes a technician', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
      'GET reminders/garage': pending,
      'GET garage-team': (_call, count) => teamOf(count === 1 ? [member({ status: 'active', expiresAt: null })] : []),
      'GET api-keys': pending,
      [`DELETE garage-team/${member().id}`]: ok({ removed: true }, TEAM_MESSAGES.technicianRemoved),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/garage');
    const panel = await screen.findByRole('region', { name: 'Team' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove Rhys Price' }));
    await within(panel).findByText(TEAM_MESSAGES.technicianRemoved);
    await within(panel).findByText('No technicians yet.');
    expect(api.callsTo(`DELETE garage-team/${member().id}`)).toHaveLength(1);
  });
});

describe("a technician's dashboard", () => {
  it("shows the garage's records and Add Service History, and neither asks for nor shows the owner's parts", async () => {
    const api = mockApi({
      'GET auth/me': ok({ ...TECHNICIAN_USER, userType: 'technician', emailConfirmed: true }),
      'GET service-records/mine': ok({ serviceRecords: [], nextCursor: null }),
    });
    storeSession(TECHNICIAN_USER, 'technician');
    renderApp('/garage');
    await screen.findByRole('heading', { name: 'Your garage' });
    expect((await screen.findAllByRole('link', { name: 'Add Service History' })).length).toBeGreaterThan(0);
    await waitFor(() => expect(api.callsTo('GET service-records/mine')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Service reminders' })).toBeNull();
    expect(api.unrouted).toEqual([]);
    for (const ownerCall of [
      'GET garages/me',
      'GET billing/subscription',
      'GET reminders/garage',
      'GET garage-team',
      'GET api-keys',
    ])
      expect(api.callsTo(ownerCall)).toEqual([]);
  });

  it('opens the wizard without asking for the subscription, which is the owner’s', async () => {
    const api = mockApi({});
    storeSession(TECHNICIAN_USER, 'technician');
    renderApp('/add-service');
    await screen.findByLabelText('Registration number');
    expect(api.callsTo('GET billing/subscription')).toEqual([]);
  });

  it('gives a technician Dashboard in the header, and neither Garages nor Pricing', async () => {
    mockApi({});
    storeSession(TECHNICIAN_USER, 'technician');
    await renderAppSignedIn('/faq');
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Individuals', 'Dashboard']);
  });
});

describe('/accept-invite', () => {
  it("sends the link's token with the chosen password, then offers the login", async () => {
    const api = mockApi({
      'POST garage-team/invitations/accept': ok(
        { email: 'rhys@hartleymotors.co.uk' },
        TEAM_MESSAGES.invitationAccepted,
      ),
    });
    renderApp('/accept-invite?token=the-link-token');
    fireEvent.change(await screen.findByLabelText('Password', { exact: true }), { target: { value: 'Spanner2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the garage' }));
    await screen.findByText(TEAM_MESSAGES.invitationAccepted);
    expect(screen.getByText('Your login is rhys@hartleymotors.co.uk.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST garage-team/invitations/accept').map((call) => call.body)).toEqual([
      { token: 'the-link-token', password: 'Spanner2026' },
    ]);
  });

  it('refuses a password without an uppercase letter before sending anything', async () => {
    const api = mockApi({});
    renderApp('/accept-invite?token=the-link-token');
    fireEvent.change(await screen.findByLabelText('Password', { exact: true }), { target: { value: 'spanner2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the garage' }));
    await screen.findByText('Password must contain at least one uppercase letter');
    expect(api.calls).toEqual([]);
  });
});
