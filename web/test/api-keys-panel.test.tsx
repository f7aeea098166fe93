import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type TApiKey } from '@sh/shared/contract';
import {
  buildSubscription,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  renderApp,
  storeSession,
  type TApiRoute,
} from './support';

const KEY = `wm_live_ab12cd34_${'x'.repeat(43)}`;
const made = (overrides: Partial<TApiKey> = {}): TApiKey => ({
  id: '0b5f3c1e-6d2a-4c8b-9e7f-1a2b3c4d5e6f',
  name: 'Workshop system',
  prefix: 'wm_live_ab12cd34',
  scope: 'log',
  created_at: '2026-11-20T09:30:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...overrides,
});

/** The dashboard with only its keys panel answering; the other panels' calls wait. */
function openDashboard(routes: Record<string, TApiRoute>) {
  const api = mockApi({
    'GET billing/subscription': ok(buildSubscription()),
    'GET garages/me': pending,
    'GET auth/me': pending,
    'GET service-records/mine': pending,
    'GET reminders/garage': pending,
    'GET garage-team': pending,
    ...routes,
  });
  storeSession(GARAGE_USER, 'garage');
  renderApp('/garage');
  return api;
}

describe('GarageDashboardPage: API keys', () => {
  it('lists the keys by name and prefix, with when each was made and last used', async () => {
    openDashboard({
      'GET api-keys': ok({
        apiKeys: [
          made({ last_used_at: '2026-11-24T16:05:00.000Z' }),
          made({
            id: '1c6a4d2f-7e3b-4d9c-8f1a-2b3c4d5e6f70',
            name: 'Old till',
            prefix: 'wm_live_zz99yy88',
            scope: 'log-and-read',
            revoked_at: '2026-11-21T10:00:00.000Z',
          }),
        ],
      }),
    });
    const panel = await screen.findByRole('region', { name: 'API keys' });
    const rows = await within(panel).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NamePrefixMayCreatedLast usedState',
      expect.stringMatching(
        /^Workshop systemwm_live_ab12cd34Log services only20 November 2026.*24 November 2026.*Revoke$/,
      ),
      expect.stringMatching(/^Old tillwm_live_zz99yy88Log services and read records.*NeverRevoked 21 November 2026/),
    ]);
    expect(within(panel).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
  });

  it('makes a key of the scope the owner chose, with the password, shows it once with a copy button, and lists it', async () => {
    const api = openDashboard({
      'GET api-keys': (_call, count) => ok({ apiKeys: count === 1 ? [] : [made()] }),
      'POST api-keys': (call) =>
        (call.body as { currentPassword?: string }).currentPassword === 'Spanner42'
          ? {
              status: 201,
              body: { status: 201, message: API_KEY_MESSAGES.created, data: { apiKey: made(), key: KEY } },
            }
          : failure(401, 'password_mismatch', 'Your current password is not right', [
              { path: 'currentPassword', message: 'Your current password is not right' },
            ]),
    });
    const panel = await screen.findByRole('region', { name: 'API keys' });
    expect(await within(panel).findByText('No API keys yet.')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Create key' }));
    expect(await within(panel).findByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();
    // No scope is chosen for the owner: one must be picked.
    expect(within(panel).getByText(API_KEY_MESSAGES.scopeInvalid)).toBeTruthy();
    expect(api.callsTo('POST api-keys')).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText(/Key name/), { target: { value: 'Workshop system' } });
    fireEvent.click(within(panel).getByLabelText(API_KEY_MESSAGES.scopeLabels.log));
    fireEvent.change(within(panel).getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create key' }));
    expect(await within(panel).findByText('Your current password is not right')).toBeTruthy();
    expect(within(panel).queryByText(KEY)).toBeNull();

    fireEvent.change(within(panel).getByLabelText('Your password'), { target: { value: 'Spanner42' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create key' }));
    expect(await within(panel).findByText(KEY)).toBeTruthy();
    expect(within(panel).getByText(API_KEY_MESSAGES.created, { exact: false })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy the API key' })).toBeTruthy();
    expect(api.callsTo('POST api-keys').at(-1)?.body).toEqual({
      name: 'Workshop system',
      scope: 'log',
      currentPassword: 'Spanner42',
    });
    expect(await within(panel).findByRole('button', { name: 'Revoke Workshop system' })).toBeTruthy();
    // The form is empty again: the password is not kept.
    expect((within(panel).getByLabelText('Your password') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(within(panel).queryByText(KEY)).toBeNull();
  });

  it('revokes a key and shows it revoked', async () => {
    const revokedAt = '2026-11-25T08:00:00.000Z';
    const api = openDashboard({
      'GET api-keys': (_call, count) => ok({ apiKeys: [count === 1 ? made() : made({ revoked_at: revokedAt })] }),
      [`DELETE api-keys/${made().id}`]: ok({ apiKey: made({ revoked_at: revokedAt }) }, API_KEY_MESSAGES.revoked),
    });
    const panel = await screen.findByRole('region', { name: 'API keys' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Revoke Workshop system' }));
    expect(await within(panel).findByText(`${API_KEY_MESSAGES.revoked}: Workshop system`)).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Revoke/ })).toBeNull());
    expect(within(panel).getByText(/^Revoked 25 November 2026/)).toBeTruthy();
    expect(api.callsTo(`DELETE api-keys/${made().id}`)).toHaveLength(1);
  });
});
