import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@sh/shared/contract';
import { mockApi, renderApp } from './support';

describe('/cookie-policy', () => {
  it('names the session cookie as the one essential cookie, with its true lifetime, and says no token is kept in local storage', async () => {
    mockApi({});
    renderApp('/cookie-policy');
    const table = await screen.findByRole('table', { name: 'Essential cookies' });
    const row = within(table).getByRole('row', { name: new RegExp(`Authentication \\(${SESSION_COOKIE.name}\\)`) });
    expect(row.textContent).toContain('cannot be read by scripts on the page');
    expect(within(row).getByText('30 days, or until you sign out')).toBeTruthy();
    // The one essential cookie we set, and none we do not.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText(/No password or token is kept there/)).toBeTruthy();
  });

  it('lists what local storage keeps, names no cookie the site does not set, and says the preferences panel is informational', async () => {
    mockApi({});
    renderApp('/cookie-policy');
    const storage = await screen.findByRole('table', { name: 'Local storage' });
    const entries = within(storage)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(entries).toEqual(['sh.auth.user', 'sh.auth.user_type.…', 'sh.log.checkpoint.…']);
    const main = screen.getByRole('main');
    for (const invented of [
      'Usage Analytics',
      'Language',
      'Theme',
      'Form Data',
      'Recent Searches',
      'analytics providers',
    ])
      expect(main.textContent).not.toContain(invented);
    expect(main.querySelectorAll('[role="switch"]')).toHaveLength(0);
    expect(main.textContent).toContain('For information only.');
  });
});
