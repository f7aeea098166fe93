import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SESSION_COOKIE } from '@sh/shared/contract';
import { getAccessToken } from '../src/auth/access-token';
import {
  ADMIN_USER,
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  OTHER_USER,
  renderApp,
  sessionAnswer,
  pending,
  storeSession,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

function logIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('links to Forgot password? and Sign Up', () => {
    mockApi({});
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });

  it('requires the e-mail and the password', () => {
    const api = mockApi({});
    renderApp('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(MESSAGES.signup.emailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.signup.passwordRequired)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the e-mail trimmed and lower-cased, reads "Logging in..." meanwhile, and takes a garage to /garage', async () => {
    let answerLogin: (() => void) | undefined;
    const api = mockApi({
      'POST auth/login': () =>
        new Promise((resolve) => {
          answerLogin = () => resolve(ok(sessionAnswer(GARAGE_USER, 'garage'), 'Login successful'));
        }),
      'GET billing/subscription': ok(buildSubscription()),
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
      'GET reminders/garage': pending,
      'GET garage-team': pending,
      'GET api-keys': pending,
    });
    renderApp('/login');
    logIn('  Owner@HartleyMotors.CO.UK ', 'Sparkplug1');

    expect((await screen.findByRole('button', { name: 'Logging in...' })).hasAttribute('disabled')).toBe(true);
    expect(api.callsTo('POST auth/login')[0]?.body).toEqual({
      email: 'owner@hartleymotors.co.uk',
      password: 'Sparkplug1',
    });
    answerLogin?.();
    await screen.findByRole('heading', { level: 1, name: 'Your garage' });
    expect(currentLocation()).toBe('/garage');
    // The access token is in memory only; storage holds who signed in, no token.
    expect(getAccessToken()).toBe('access-1');
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain('access-1');
  });

  it('takes an admin to /admin', async () => {
    mockApi({
      'POST auth/login': ok(sessionAnswer(ADMIN_USER, 'admin')),
      'GET admin/data': pending,
      'GET admin/status': pending,
    });
    renderApp('/login');
    logIn(ADMIN_USER.email, 'Admin-pass1');
    await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' });
    expect(currentLocation()).toBe('/admin');
    expect(within(screen.getByRole('main')).getByText(`Signed in as ${ADMIN_USER.email}`)).toBeTruthy();
  });

  it('tells any other account it is not registered as a garage, keeps no session and revokes the one issued', async () => {
    const api = mockApi({
      'POST auth/login': ok(sessionAnswer(OTHER_USER, 'none')),
      'POST auth/logout': ok({}),
    });
    renderApp('/login');
    logIn(OTHER_USER.email, 'Whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.login.notGarage);
    expect(currentLocation()).toBe('/login');
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    // The session cookie the login set is revoked and cleared by logout, which carries the app's header.
    expect(api.callsTo('POST auth/logout')[0]?.headers[SESSION_COOKIE.csrfHeader]).toBe(SESSION_COOKIE.csrfHeaderValue);
  });

  it("shows the server's message for wrong credentials, and 'Login failed. Please try again.' when the call fails", async () => {
    mockApi({
      'POST auth/login': (_call, count) =>
        count === 1
          ? failure(401, 'unauthorized', MESSAGES.login.invalidCredentials)
          : new TypeError('Failed to fetch'),
    });
    renderApp('/login');
    logIn(GARAGE_USER.email, 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.login.invalidCredentials);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.login.failed)).toBeTruthy();
  });

  it('redirects a visitor already signed in as a garage or an admin', async () => {
    mockApi({
      'GET billing/subscription': ok(buildSubscription()),
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
      'GET reminders/garage': pending,
      'GET garage-team': pending,
      'GET api-keys': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/login');
    await waitFor(() => expect(currentLocation()).toBe('/garage'));
  });
});

describe('the route guard', () => {
  it('sends a signed-out visitor of /account to /login', () => {
    mockApi({});
    renderApp('/account');
    expect(currentLocation()).toBe('/login');
  });

  it('sends an admin who opens /garage to /login, which sends them on to /admin', async () => {
    mockApi({ 'GET admin/data': pending, 'GET admin/status': pending });
    storeSession(ADMIN_USER, 'admin');
    renderApp('/garage');
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  it('shows a spinner on a page that needs sign-in while a reload restores the session, rather than sending the user to /login', () => {
    mockApi({ 'POST auth/refresh': pending });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/account');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(currentLocation()).toBe('/account');
  });

  it('shows a public page at once while a reload restores the session', () => {
    mockApi({ 'POST auth/refresh': pending });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/faq');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(/Checking your session/)).toBeNull();
  });
});
