import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SESSION_COOKIE, ZLookupResponseSchema } from '@sh/shared/contract';
import { createApiClient } from '../src/api/client';
import { createAuthStore, REFRESH_MARGIN_MS, REFRESH_RETRY_BASE_MS } from '../src/auth/auth-store';
import { AUTH_STORAGE_KEYS, readCachedUserType, USER_TYPE_KEY_PREFIX } from '../src/auth/session-storage';
import { useAuth } from '../src/auth/AuthProvider';
import {
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  renderApp,
  sessionAnswer,
  storeSession,
} from './support';

const LIFETIME_S = 900;
const REFRESH_AFTER_MS = LIFETIME_S * 1000 - REFRESH_MARGIN_MS;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Every key in localStorage and sessionStorage, sorted. */
function storedKeys(): string[] {
  return [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].sort();
}

describe('the session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('keeps the access token in memory only, and refreshes a minute before it expires with the cookie and the header, no body', async () => {
    const api = mockApi({
      'POST auth/login': ok(sessionAnswer(GARAGE_USER, 'garage')),
      'POST auth/refresh': (_call, count) =>
        ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: `access-${count + 1}` })),
    });
    const store = createAuthStore();
    store.start();
    expect(await store.login(' Owner@HartleyMotors.co.uk', 'Sparkplug1')).toEqual({
      success: true,
      message: '',
      userType: 'garage',
    });
    expect(store.getState()).toEqual({ status: 'signed-in', user: { ...GARAGE_USER, userType: 'garage' } });
    expect(store.getAccessToken()).toBe('access-1');
    expect(storedKeys()).toEqual([AUTH_STORAGE_KEYS.user, USER_TYPE_KEY_PREFIX + GARAGE_USER.id]);
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain('access-1');

    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS - 1);
    expect(api.callsTo('POST auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const [refresh] = api.callsTo('POST auth/refresh');
    expect(refresh?.body).toBeUndefined();
    expect(refresh?.headers[SESSION_COOKIE.csrfHeader]).toBe(SESSION_COOKIE.csrfHeaderValue);
    expect(refresh?.authorization).toBeNull();
    expect(store.getAccessToken()).toBe('access-2');

    // The next refresh is scheduled from the new token's lifetime.
    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(api.callsTo('POST auth/refresh')).toHaveLength(2);
    expect(store.getAccessToken()).toBe('access-3');
    store.stop();
  });

  it('restores the session on a page load with one refresh of the cookie, loading until it answers', async () => {
    const api = mockApi({
      'POST auth/refresh': ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2' })),
    });
    storeSession(GARAGE_USER, 'garage');
    const store = createAuthStore();
    expect(store.getState()).toEqual({ status: 'loading' });
    expect(store.getAccessToken()).toBeNull();
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('POST auth/refresh')).toHaveLength(1);
    expect(store.getState()).toEqual({ status: 'signed-in', user: { ...GARAGE_USER, userType: 'garage' } });
    expect(store.getAccessToken()).toBe('access-2');
    store.stop();
  });

  it('makes no call and is signed out at once in a browser that has not signed in', async () => {
    const api = mockApi({});
    const store = createAuthStore();
    expect(store.getState()).toEqual({ status: 'signed-out' });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toHaveLength(0);
    store.stop();
  });

  it('removes the tokens an earlier version kept in storage, and the stored user with them, without a call', async () => {
    const api = mockApi({});
    window.localStorage.setItem('sh.auth.access_token', 'old-access');
    window.localStorage.setItem('sh.auth.refresh_token', 'old-refresh');
    window.localStorage.setItem('sh.auth.expires_at', '1');
    window.localStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(GARAGE_USER));
    window.sessionStorage.setItem('sh.auth.refresh_token', 'old-refresh');
    window.localStorage.setItem('unrelated.preference', 'kept');
    const store = createAuthStore();
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(storedKeys()).toEqual(['unrelated.preference']);
    expect(api.calls).toHaveLength(0);
    store.stop();
  });

  it('clears the cached user types on a refresh and caches the type the refresh answered', async () => {
    mockApi({ 'POST auth/refresh': ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2' })) });
    storeSession(GARAGE_USER, 'garage');
    window.localStorage.setItem(`${USER_TYPE_KEY_PREFIX}someone-else`, 'admin');
    const store = createAuthStore();
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.localStorage.getItem(`${USER_TYPE_KEY_PREFIX}someone-else`)).toBeNull();
    expect(readCachedUserType(GARAGE_USER.id)).toBe('garage');
    store.stop();
  });

  it('removes a session whose refresh is refused, and everything it stored', async () => {
    mockApi({
      'POST auth/refresh': (_call, count) =>
        count === 1
          ? ok(sessionAnswer(GARAGE_USER, 'garage'))
          : failure(401, 'unauthorized', MESSAGES.identity.sessionExpired),
    });
    storeSession(GARAGE_USER, 'garage');
    const store = createAuthStore();
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('signed-in');

    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(store.getAccessToken()).toBeNull();
    expect(storedKeys()).toEqual([]);
    store.stop();
  });

  it('retries a refresh that failed for a passing reason after 200 ms, then 400 ms (doubling)', async () => {
    const attemptsAt: number[] = [];
    mockApi({
      'POST auth/refresh': (_call, count) => {
        attemptsAt.push(Date.now());
        return count < 3
          ? failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable)
          : ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2' }));
      },
    });
    storeSession(GARAGE_USER, 'garage');
    const store = createAuthStore();
    store.start();

    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_BASE_MS * 3);
    expect(attemptsAt.map((at) => at - attemptsAt[0]!)).toEqual([0, REFRESH_RETRY_BASE_MS, REFRESH_RETRY_BASE_MS * 3]);
    expect(store.getState().status).toBe('signed-in');
    expect(store.getAccessToken()).toBe('access-2');
    store.stop();
  });

  it('is signed out when every retry failed and there is no working token, but keeps the stored user for the next load', async () => {
    mockApi({ 'POST auth/refresh': new TypeError('Failed to fetch') });
    storeSession(GARAGE_USER, 'garage');
    const store = createAuthStore();
    store.start();
    expect(store.getState().status).toBe('loading');
    // 200 + 400 + 800 + 1600 + 3200 ms of retries.
    await vi.advanceTimersByTimeAsync(6200);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.user)).toBe(JSON.stringify(GARAGE_USER));
    store.stop();
  });
});

describe('the session across tabs', () => {
  /** Web Locks as a browser gives them to the site's tabs: one holder at a time, the others wait their turn. */
  function stubWebLocks(): void {
    let queue: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (_name: string, task: () => Promise<unknown>) => {
        const turn = queue.then(task);
        queue = turn.catch(() => undefined);
        return turn;
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }));
  }

  /** The server's side of the cookie: a refresh while another is in flight sends the same cookie twice (reuse). */
  function rotatingRefresh() {
    let inFlight = 0;
    let reused = 0;
    let issued = 0;
    const route = async () => {
      inFlight += 1;
      if (inFlight > 1) reused += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      issued += 1;
      return ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: `access-${issued + 1}` }));
    };
    return { route, reused: () => reused };
  }

  it('never sends the cookie from two tabs at once: tabs restoring together refresh one after the other, and none is signed out', async () => {
    stubWebLocks();
    const server = rotatingRefresh();
    mockApi({ 'POST auth/refresh': server.route });
    storeSession(GARAGE_USER, 'garage');
    const tabs = [createAuthStore(), createAuthStore(), createAuthStore()];
    for (const tab of tabs) tab.start();
    await vi.waitFor(() =>
      expect(tabs.map((tab) => tab.getState().status)).toEqual(['signed-in', 'signed-in', 'signed-in']),
    );
    expect(server.reused()).toBe(0);
    for (const tab of tabs) tab.stop();
  });

  it("takes the session another tab refreshed, without a refresh of its own, and follows another tab's sign-out", async () => {
    const api = mockApi({
      'POST auth/login': ok(sessionAnswer(GARAGE_USER, 'garage')),
      'POST auth/refresh': ok(sessionAnswer(GARAGE_USER, 'garage', { access_token: 'access-2' })),
      'POST auth/logout': ok({}),
    });
    const first = createAuthStore();
    const second = createAuthStore();
    first.start();
    second.start();
    await first.login(GARAGE_USER.email, 'Sparkplug1');
    await vi.waitFor(() => expect(second.getAccessToken()).toBe('access-1'));
    expect(second.getState()).toEqual({ status: 'signed-in', user: { ...GARAGE_USER, userType: 'garage' } });

    await first.refresh();
    await vi.waitFor(() => expect(second.getAccessToken()).toBe('access-2'));
    expect(api.callsTo('POST auth/refresh')).toHaveLength(1);

    await first.logout();
    await vi.waitFor(() => expect(second.getState()).toEqual({ status: 'signed-out' }));
    expect(second.getAccessToken()).toBeNull();
    first.stop();
    second.stop();
  });
});

describe('the API client after a 401', () => {
  it('refreshes once and retries with the new token; a second 401 reaches the caller', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), {
          status: 401,
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 200, data: { serviceRecords: [] } }), { status: 200 }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), {
          status: 401,
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 401, code: 'unauthorized', message: 'Please sign in to continue' }), {
          status: 401,
        }),
      );
    let token = 'old';
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return token;
    });
    const client = createApiClient({ getToken: () => token, onUnauthorized, fetch: fetchMock });

    await client.get('service-records/lookup/AB12CDE', ZLookupResponseSchema);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer new');

    await expect(client.get('service-records/lookup/AB12CDE', ZLookupResponseSchema)).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('logout', () => {
  it('revokes the session cookie, clears the stored user and user types in both storages, and goes to /', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
      'POST auth/logout': ok({}),
    });
    storeSession(GARAGE_USER, 'garage');
    window.sessionStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(GARAGE_USER));
    window.localStorage.setItem('unrelated.preference', 'kept');
    renderApp('/faq');

    const header = screen.getByRole('banner');
    fireEvent.mouseEnter((await within(header).findByRole('button', { name: 'Account' })).parentElement!);
    expect(within(header).getByText('Signed in as').textContent).toBe(`Signed in as ${GARAGE_USER.email}`);
    await act(async () => {
      fireEvent.click(within(header).getByRole('button', { name: 'Logout' }));
    });

    expect(currentLocation()).toBe('/');
    const [logout] = api.callsTo('POST auth/logout');
    expect(logout?.body).toBeUndefined();
    expect(logout?.headers[SESSION_COOKIE.csrfHeader]).toBe(SESSION_COOKIE.csrfHeaderValue);
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
