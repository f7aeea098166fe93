import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSubscriptionStatus } from '@sh/shared/contract';
import { ADMIN_USER, buildSubscription, GARAGE_USER, mockApi, ok, renderAppSignedIn, storeSession } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

function mainLinks(): Array<[string | null, string | null]> {
  const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

async function renderAsGarage(status: TSubscriptionStatus) {
  mockApi({ 'GET billing/subscription': ok(buildSubscription({ subscription_status: status })) });
  storeSession(GARAGE_USER, 'garage');
  await renderAppSignedIn('/faq');
}

describe('the header for a signed-in user', () => {
  it('gives an admin Admin and hides Garages and Pricing', async () => {
    mockApi({});
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/faq');
    expect(mainLinks()).toEqual([
      ['Home', '/'],
      ['Individuals', '/lookup'],
      ['Admin', '/admin'],
    ]);
  });

  it('gives a garage without an active subscription Pricing and Dashboard', async () => {
    await renderAsGarage('inactive');
    await vi.waitFor(() => expect(screen.getByRole('main').textContent).not.toBe(''));
    expect(mainLinks()).toEqual([
      ['Home', '/'],
      ['Garages', '/garages'],
      ['Individuals', '/lookup'],
      ['Pricing', '/pricing'],
      ['Dashboard', '/garage'],
    ]);
  });

  it.each(['active', 'trialing'] as const)('hides Pricing from a garage whose subscription is %s', async (status) => {
    await renderAsGarage(status);
    await vi.waitFor(() => expect(mainLinks().map(([label]) => label)).not.toContain('Pricing'));
    expect(mainLinks()).toEqual([
      ['Home', '/'],
      ['Garages', '/garages'],
      ['Individuals', '/lookup'],
      ['Dashboard', '/garage'],
    ]);
  });

  it('keeps Pricing for a garage whose payment is past due', async () => {
    await renderAsGarage('past_due');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mainLinks().map(([label]) => label)).toContain('Pricing');
  });

  it('opens the user menu on keyboard focus with "Signed in as", Account and Logout, and closes it on Escape', async () => {
    mockApi({});
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/faq');
    const header = screen.getByRole('banner');
    const toggle = within(header).getByRole('button', { name: 'Account' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);

    fireEvent.focus(toggle);
    expect(panel.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByText('Signed in as').textContent).toBe(`Signed in as ${ADMIN_USER.email}`);
    expect(within(panel).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeTruthy();

    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
  });
});
