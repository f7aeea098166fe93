import { BRAND } from '@sh/shared/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../src/App';
import { selectNavLinks } from '../src/components/layout/nav-links';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderApp(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <App />
      <CurrentPath />
    </MemoryRouter>,
  );
}

describe('the shared frame', () => {
  it('has an 82px header with the logo, the four main links and a Login button when signed out', () => {
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(header.style.height).toBe('82px');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Garages', '/garages'],
      ['Individuals', '/lookup'],
      ['Pricing', '/pricing'],
    ]);
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(
      within(header)
        .getByRole('link', { name: `${BRAND.name} home` })
        .getAttribute('href'),
    ).toBe('/');
  });

  it('opens and closes the mobile menu with a toggle that reports aria-expanded', async () => {
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('is-open');
    fireEvent.click(screen.getByRole('link', { name: 'Individuals' }));
    // The lookup page's code loads first; the navigation completes once it has.
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/lookup'));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('links the footer to every information page and shows © and the year of the build', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    // The frame draws the footer at once; what it holds loads just after (the first-load budget).
    const hrefs = (await within(footer).findAllByRole('link')).map((link) => link.getAttribute('href'));
    for (const href of [
      '/faq',
      '/signup',
      '/pricing',
      '/about',
      '/contact',
      '/support',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(footer.textContent).toContain(`© ${__BUILD_YEAR__}`);
  });

  it('sends LOG SERVICE to /login when signed out', () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: 'LOG SERVICE' }).getAttribute('href')).toBe('/login');
  });
});

describe('routing', () => {
  it('sends an unknown path home', () => {
    renderApp('/no-such-page');
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      "The Digital MOT for Your Car's Service History",
    );
  });

  it('redirects /dashboard to /garage, whose guard sends a signed-out visitor to /login', async () => {
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/login'));
  });

  it('shows a spinner inside the frame while a page loads its code, then the page', async () => {
    renderApp('/about');
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Making service history something you can trust' }),
    ).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();
  });

  it('renders the garages page with no unmeasured figure and a link to pricing', async () => {
    // Without the platform's figures (here the call fails) the page states none.
    renderApp('/garages');
    await screen.findByRole('heading', { level: 1, name: 'Turn every service into proof of your good work' });
    const main = screen.getByRole('main');
    expect(main.textContent).not.toMatch(/\d\s?%/);
    expect(main.textContent).toContain('as CSV or JSON from your dashboard');
    expect(
      within(main)
        .getAllByRole('link', { name: /pricing/i })[0]
        ?.getAttribute('href'),
    ).toBe('/pricing');
  });
});

describe('selectNavLinks', () => {
  const signOut = async () => {};

  it('hides Garages and Pricing from an admin and adds Admin', () => {
    const links = selectNavLinks({
      status: 'signed-in',
      user: { id: 'u1', email: 'admin@example.com', role: 'admin' },
      hasActiveSubscription: false,
      signOut,
    });
    expect(links.map((link) => link.to)).toEqual(['/', '/lookup', '/admin']);
  });

  it('adds Dashboard for a garage and hides Pricing once it is subscribed', () => {
    const garage = { id: 'g1', email: 'garage@example.com', role: 'garage' as const };
    const unsubscribed = selectNavLinks({ status: 'signed-in', user: garage, hasActiveSubscription: false, signOut });
    const subscribed = selectNavLinks({ status: 'signed-in', user: garage, hasActiveSubscription: true, signOut });
    expect(unsubscribed.map((link) => link.to)).toEqual(['/', '/garages', '/lookup', '/pricing', '/garage']);
    expect(subscribed.map((link) => link.to)).toEqual(['/', '/garages', '/lookup', '/garage']);
  });
});
