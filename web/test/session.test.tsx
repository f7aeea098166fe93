import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ZLookupResponseSchema } from '@sh/shared/contract';
import { createApiClient } from '../src/api/client';
import { createAuthStore, REFRESH_MARGIN_MS, REFRESH_RETRY_BASE_MS } from '../src/auth/auth-store';
import { AUTH_STORAGE_KEYS, clearUserTypeCache, readCachedUserType, USER_TYPE_KEY_PREFIX } from '../src/auth/session-storage';
import { useAuth } from '../src/auth/AuthProvider';
import { buildSubscription, currentLocation, failure, GARAGE_USER, mockApi, ok, renderApp, sessionAnswer, storeSession } from './support';

const LIFETIME_S = 900;
const REFRESH_AFTER_MS = LIFETIME_S * 1000 - REFRESH_MARGIN_MS;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('stores the login, then refreshes the access token a minute before it expires, rotating the tokens', async () => {
    const api = mockApi({
      'POST auth/login': ok(sessionAnswer(GARAGE_USER, 'garage')),
      'POST auth/refresh': (_call, count) =>
        ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: `access-${count + 1}`, refresh_token: `refresh-${count + 1}` })),
    });
    const store = createAuthStore();
    store.start();
    expect(await store.login(' Owner@HartleyMotors.co.uk', 'Sparkplug1')).toEqual({ success: true, message: '', userType: 'garage' });
    expect(store.getState()).toEqual({ status: 'signed-in', user: { ...GARAGE_USER, userType: 'garage' } });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(window.localStorage.getItem(USER_TYPE_KEY_PREFIX + GARAGE_USER.id)).toBe('garage');

    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS - 1);
    expect(api.callsTo('POST auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo('POST auth/refresh').map((call) => call.body)).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.accessToken)).toBe('access-2');
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.refreshToken)).toBe('refresh-2');

    // The next refresh is scheduled from the new token's lifetime, with the rotated refresh token.
    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(api.callsTo('POST auth/refresh').map((call) => call.body)).toEqual([
      { refresh_token: 'refresh-1' },
      { refresh_token: 'refresh-2' },
    ]);
    store.stop();
  });

  it('clears the cached user types on a refresh and caches the type the refresh answered', async () => {
    mockApi({ 'POST auth/refresh': ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2', refresh_token: 'refresh-2' })) });
    storeSession(GARAGE_USER, 'garage');
    window.localStorage.setItem(`${USER_TYPE_KEY_PREFIX}someone-else`, 'admin');
    const store = createAuthStore();
    store.start();
    await store.refresh();
    expect(window.localStorage.getItem(`${USER_TYPE_KEY_PREFIX}someone-else`)).toBeNull();
    expect(readCachedUserType(GARAGE_USER.id)).toBe('garage');
    store.stop();
  });

  it('removes a session whose refresh is refused', async () => {
    mockApi({ 'POST auth/refresh': failure(401, 'unauthorized', 'Your session has expired. Please log in again.') });
    storeSession(GARAGE_USER, 'garage');
    window.sessionStorage.setItem(AUTH_STORAGE_KEYS.accessToken, 'copy');
    const store = createAuthStore();
    store.start();
    expect(store.getState().status).toBe('signed-in');

    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    for (const key of Object.values(AUTH_STORAGE_KEYS)) {
      expect(window.localStorage.getItem(key)).toBeNull();
      expect(window.sessionStorage.getItem(key)).toBeNull();
    }
    expect(readCachedUserType(GARAGE_USER.id)).toBeNull();
    store.stop();
  });

  it('retries a refresh that failed for a passing reason after 200 ms, then 400 ms (doubling)', async () => {
    const attemptsAt: number[] = [];
    mockApi({
      'POST auth/refresh': (_call, count) => {
        attemptsAt.push(Date.now());
        return count < 3
          ? failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable)
          : ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2', refresh_token: 'refresh-2' }));
      },
    });
    storeSession(GARAGE_USER, 'garage');
    const store = createAuthStore();
    store.start();

    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS + REFRESH_RETRY_BASE_MS * 3);
    expect(attemptsAt.map((at) => at - attemptsAt[0]!)).toEqual([0, REFRESH_RETRY_BASE_MS, REFRESH_RETRY_BASE_MS * 3]);
    expect(store.getState().status).toBe('signed-in');
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.accessToken)).toBe('access-2');
    store.stop();
  });

  it('removes the session when every retry failed and the access token has expired', async () => {
    mockApi({ 'POST auth/refresh': new TypeError('Failed to fetch') });
    storeSession(GARAGE_USER, 'garage', { expires_in: 5 });
    const store = createAuthStore();
    store.start();
    expect(store.getState().status).toBe('loading');
    // The token is due at once; 200 + 400 + 800 + 1600 + 3200 ms of retries outlive its 5 seconds.
    await vi.advanceTimersByTimeAsync(6200);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.accessToken)).toBeNull();
    store.stop();
  });

  it("ends a stored session whose auth/me answers the suspension's 403, and keeps one whose auth/me fails for a passing reason", async () => {
    /** A stored session whose user type nobody cached, so that the store asks auth/me, which answers `me`. */
    const startAskingMe = async (me: ReturnType<typeof failure>) => {
      mockApi({ 'GET auth/me': me });
      storeSession(GARAGE_USER, 'garage');
      clearUserTypeCache();
      const store = createAuthStore();
      store.start();
      await vi.advanceTimersByTimeAsync(0);
      return store;
    };
    const suspended = await startAskingMe(failure(403, 'forbidden', MESSAGES.adminActions.accountSuspended));
    expect(suspended.getState()).toEqual({ status: 'signed-out' });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.refreshToken)).toBeNull();
    suspended.stop();

    const away = await startAskingMe(failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable));
    expect(away.getState()).toEqual({ status: 'signed-in', user: { ...GARAGE_USER, userType: 'none' } });
    away.stop();
  });

  it('refreshes a stored session that is already due before trusting it', async () => {
    const api = mockApi({ 'POST auth/refresh': ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2', refresh_token: 'refresh-2' })) });
    storeSession(GARAGE_USER, 'garage', { expires_in: 30 });
    const store = createAuthStore();
    expect(store.getState()).toEqual({ status: 'loading' });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('POST auth/refresh')).toHaveLength(1);
    expect(store.getState().status).toBe('signed-in');
    store.stop();
  });
});

describe('the API client after a 401', () => {
  it('refreshes once and retries with the new token; a second 401 reaches the caller', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 200, data: { serviceRecords: [] } }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), { status: 401 }));
    let token = 'old';
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return token;
    });
    const client = createApiClient({ getToken: () => token, onUnauthorized, fetch: fetchMock });

    await client.get('service-records/lookup/AB12CDE', ZLookupResponseSchema);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer new');

    await expect(client.get('service-records/lookup/AB12CDE', ZLookupResponseSchema)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('logout', () => {
  it('revokes the refresh token, clears the stored user, tokens and user types in both storages, and goes to /', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
      'POST auth/logout': ok({}),
    });
    storeSession(GARAGE_USER, 'garage');
    window.sessionStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(GARAGE_USER));
    window.localStorage.setItem('unrelated.preference', 'kept');
    renderApp('/faq');

    const header = screen.getByRole('banner');
    fireEvent.mouseEnter(within(header).getByRole('button', { name: 'Account' }).parentElement!);
    expect(within(header).getByText('Signed in as').textContent).toBe(`Signed in as ${GARAGE_USER.email}`);
    await act(async () => {
      fireEvent.click(within(header).getByRole('button', { name: 'Logout' }));
    });

    expect(currentLocation()).toBe('/');
    expect(api.callsTo('POST auth/logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    const leftover = [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)];
    expect(leftover).toEqual(['unrelated.preference']);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
  });
});

describe('useAuth', () => {
  it("throws 'useAuth must be used within an AuthProvider' outside the provider", () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(MESSAGES.authContext.missingProvider);
    spy.mockRestore();
  });
});
