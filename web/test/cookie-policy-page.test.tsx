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
});
