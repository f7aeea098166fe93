import {
  MESSAGES,
  type TSecondFactorStep,
  type TSession as TApiSession,
  type TSignedIn,
  type TUserType,
} from '@sh/shared/contract';
import { ApiError } from '../api/client';
import * as identity from '../api/identity';
import {
  AUTH_STORAGE_PREFIX,
  cacheUserType,
  clearStoredAuthentication,
  clearUserTypeCache,
  readCachedUserType,
  readStoredUser,
  removeLegacyTokens,
  toMemorySession,
  writeStoredUser,
  type TMemorySession,
} from './session-storage';

export { REFRESH_MARGIN_MS } from './session-storage';

/** The signed-in user with their type (docs/product.md#what-it-is-for). */
export type TAuthUser = { id: string; email: string; userType: TUserType };

/** `loading` while the session of the cookie is restored on a page load. */
export type TAuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: TAuthUser };

/** What login answers: success and message (docs/product.md#login). */
export type TLoginResult =
  | { success: true; message: string; userType: TUserType }
  | { success: false; message: string; secondFactor?: TSecondFactorStep };

/** First wait between refresh attempts that failed for a passing reason; each next wait doubles (docs/product.md#sessions). */
export const REFRESH_RETRY_BASE_MS = 200;
/** Attempts after the first before a refresh counts as failed for now. */
export const REFRESH_MAX_RETRIES = 5;
/** When every attempt failed but the access token still works, try again after this tick (docs/product.md#sessions). */
export const REFRESH_RETRY_TICK_MS = 30_000;

const REFRESH_LOCK_NAME = `${AUTH_STORAGE_PREFIX}refresh`;
/** The BroadcastChannel on which this site's tabs tell each other of a new session and of a sign-out. */
export const SESSION_CHANNEL_NAME = `${AUTH_STORAGE_PREFIX}session`;

/** What one tab tells the others: the session it was answered (its access token, for memory only), or its end. */
type TSessionMessage = { type: 'session'; session: TMemorySession; userType: TUserType } | { type: 'signed-out' };

/** The identity calls the store makes; tests can pass their own. */
export type TIdentityCalls = Pick<typeof identity, 'logIn' | 'refreshSession' | 'logOut'>;

/** The session's state machine, with no React in it: AuthProvider turns it into a context. */
export type TAuthStore = ReturnType<typeof createAuthStore>;

/**
 * Creates the session store. The refresh token is an HttpOnly cookie this code never sees; the access token lives in
 * this store's memory only. A page load where this browser signed in before (a stored user, no token) restores the
 * session with one refresh, `loading` until it answers, so pages that need sign-in wait rather than send the user to
 * /login, and public pages render at once. It refreshes shortly before the access token expires and after a 401,
 * retries a refresh that failed for a passing reason with a doubling back-off, and removes a session that cannot be
 * refreshed.
 *
 * Tabs share the cookie, and a refresh rotates it: two tabs sending the same cookie at once would look like a stolen
 * token and end the session. So a refresh runs under a lock shared by the site's tabs (Web Locks): the second tab's
 * refresh starts after the first's answer has stored the new cookie, and each tab posts the session it was answered on
 * a BroadcastChannel, so a tab that waited for the lock takes the fresh access token instead of refreshing again.
 * A sign-out is posted the same way.
 */
export function createAuthStore(calls: TIdentityCalls = identity) {
  let state: TAuthState = initialState();
  const listeners = new Set<() => void>();
  let current: TMemorySession | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshInFlight: Promise<string | null> | null = null;
  let isStarted = false;
  let channel: BroadcastChannel | null = null;

  function setState(next: TAuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  /**
   * Keeps the session a sign-in answered: login's own, or its second step's (the code, an admin's enrolment). Only
   * admins and garages keep one: anyone else is told they are not registered as a garage and their new session is
   * revoked at once (the session cookie it was given goes with it).
   */
  function completeSignIn(signedIn: TSignedIn, message: string): TLoginResult {
    const { session, userType } = signedIn;
    if (userType === 'none') {
      calls.logOut().catch(() => undefined);
      return { success: false, message: MESSAGES.login.notGarage };
    }
    startSession(session, userType);
    return { success: true, message, userType };
  }

  function signIn(session: TMemorySession, userType: TUserType): void {
    current = session;
    setState({ status: 'signed-in', user: { ...session.user, userType } });
    scheduleRefresh(session);
  }

  /** Starts a session the API answered (login, refresh, an account change), and tells the other tabs. */
  function startSession(session: TApiSession, userType: TUserType): TMemorySession {
    const next = toMemorySession(session, Date.now());
    // The type first: another tab that takes the new session then finds its type cached too.
    cacheUserType(next.user.id, userType);
    writeStoredUser(next.user);
    signIn(next, userType);
    post({ type: 'session', session: next, userType });
    return next;
  }

  /** Forgets the session in this tab (memory, timers, localStorage and sessionStorage) and, unless told by one, the others. */
  function removeSession(options: { tellOtherTabs: boolean } = { tellOtherTabs: true }): void {
    clearTimeout(refreshTimer);
    current = null;
    clearStoredAuthentication();
    setState({ status: 'signed-out' });
    if (options.tellOtherTabs) post({ type: 'signed-out' });
  }

  function post(message: TSessionMessage): void {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: this tab is stopping.
    }
  }

  function onMessage(event: MessageEvent<TSessionMessage>): void {
    const message = event.data;
    if (message.type === 'signed-out') {
      if (state.status !== 'signed-out') removeSession({ tellOtherTabs: false });
      return;
    }
    cacheUserType(message.session.user.id, message.userType);
    signIn(message.session, message.userType);
  }

  function scheduleRefresh(session: TMemorySession, delayMs: number = refreshDelayFor(session)): void {
    clearTimeout(refreshTimer);
    if (!isStarted) return;
    refreshTimer = setTimeout(() => {
      void refresh();
    }, delayMs);
  }

  /**
   * Refreshes the session now. Calls made while a refresh is running share it, so a rotated cookie is never sent
   * twice. Resolves to the access token to use, or null once the session is gone.
   */
  function refresh(): Promise<string | null> {
    if (!refreshInFlight) {
      const tokenToReplace = current?.accessToken ?? null;
      refreshInFlight = withRefreshLock(() => runRefresh(tokenToReplace)).finally(() => {
        refreshInFlight = null;
      });
    }
    return refreshInFlight;
  }

  async function runRefresh(tokenToReplace: string | null): Promise<string | null> {
    // Another tab refreshed while this one waited for the lock, and posted its session: use it instead.
    if (current && current.accessToken !== tokenToReplace && !isDue(current)) return current.accessToken;
    // Signed out meanwhile (here or in another tab): there is no cookie left to spend.
    if (!readStoredUser()) {
      if (state.status !== 'signed-out') removeSession({ tellOtherTabs: false });
      return null;
    }

    for (let retry = 0; ; retry += 1) {
      try {
        const { data } = await calls.refreshSession();
        // A tab closing (the provider unmounted) takes no session: its cookie is the browser's, for the next load.
        if (!isStarted) return null;
        // A refresh clears the user-type cache (docs/product.md#sessions); the answer brings the type afresh.
        clearUserTypeCache();
        return startSession(data.session, data.userType).accessToken;
      } catch (error) {
        if (!isPassingFailure(error)) {
          removeSession();
          return null;
        }
        if (retry >= REFRESH_MAX_RETRIES) break;
        await wait(REFRESH_RETRY_BASE_MS * 2 ** retry);
        if (!readStoredUser()) return null;
      }
    }

    // Every attempt failed for a passing reason (network, 429, 5xx): keep the session while its token works.
    if (current && current.expiresAt > Date.now()) {
      scheduleRefresh(current, REFRESH_RETRY_TICK_MS);
      return current.accessToken;
    }
    // No working token: signed out for now, but the cookie and the stored user stay for the next page load.
    clearTimeout(refreshTimer);
    current = null;
    setState({ status: 'signed-out' });
    return null;
  }

  function onVisibilityChange(): void {
    if (document.visibilityState !== 'visible' || state.status !== 'signed-in') return;
    // Timers sleep with the tab; on return, a token that is due is refreshed at once.
    if (current && isDue(current)) void refresh();
  }

  return {
    getState: (): TAuthState => state,

    /** This tab's access token for API calls, or null when signed out (or not restored yet). */
    getAccessToken: (): string | null => current?.accessToken ?? null,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts timers and listeners, and restores the session of the cookie when this browser signed in before. */
    start(): void {
      if (isStarted) return;
      isStarted = true;
      channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL_NAME);
      channel?.addEventListener('message', onMessage);
      document.addEventListener('visibilitychange', onVisibilityChange);
      if (current) scheduleRefresh(current);
      else if (state.status === 'loading') void refresh();
    },

    stop(): void {
      isStarted = false;
      clearTimeout(refreshTimer);
      channel?.close();
      channel = null;
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },

    /**
     * Signs in with an e-mail (trimmed and lower-cased) and password. Only admins and garages keep a session:
     * anyone else is told they are not registered as a garage and their new session is revoked at once.
     */
    async login(email: string, password: string): Promise<TLoginResult> {
      let answer: Awaited<ReturnType<TIdentityCalls['logIn']>>;
      try {
        answer = await calls.logIn({ email: email.trim().toLowerCase(), password });
      } catch (error) {
        return { success: false, message: loginFailureMessage(error) };
      }
      // The password was right, and a second factor is owed first (the login page's next step).
      if (!('session' in answer.data))
        return { success: false, message: answer.message ?? '', secondFactor: answer.data };
      return completeSignIn(answer.data, answer.message ?? '');
    },

    completeSignIn,

    /** Ends the session: forgets it in this browser's tabs at once, then revokes it on the server and clears the cookie. */
    async logout(): Promise<void> {
      removeSession();
      try {
        await calls.logOut();
      } catch {
        // The tabs have forgotten the session either way; the server lets the refresh token expire.
      }
    },

    refresh,

    /** Takes a session the API answered elsewhere (a password change, which also set a new cookie), keeping the user's type. */
    adoptSession(session: TApiSession): void {
      const userType =
        state.status === 'signed-in' ? state.user.userType : (readCachedUserType(session.user.id) ?? 'none');
      startSession(session, userType);
    },
  };
}

/**
 * What the first render knows without the network: tokens of an earlier version are removed at once; a browser that
 * signed in before is `loading` until the cookie's refresh answers; any other is signed out and makes no call.
 */
function initialState(): TAuthState {
  removeLegacyTokens();
  return readStoredUser() ? { status: 'loading' } : { status: 'signed-out' };
}

function refreshDelayFor(session: TMemorySession): number {
  return Math.max(0, session.refreshAt - Date.now());
}

function isDue(session: TMemorySession): boolean {
  return refreshDelayFor(session) === 0;
}

/** A failure worth retrying: no answer, rate-limited, or a server-side error. Anything else ends the session. */
function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.code !== 'invalid_response') return error.message;
  return MESSAGES.login.failed;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a refresh under a lock shared by the site's tabs (Web Locks), or directly where there is none. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}
