import { MESSAGES, type TSecondFactorStep, type TSession as TApiSession, type TSignedIn, type TUserType } from '@sh/shared/contract';
import { ApiError } from '../api/client';
import * as identity from '../api/identity';
import {
  AUTH_STORAGE_PREFIX,
  cacheUserType,
  clearStoredAuthentication,
  clearUserTypeCache,
  readCachedUserType,
  readStoredSession,
  toStoredSession,
  writeStoredSession,
  type TStoredSession,
} from './session-storage';

export { REFRESH_MARGIN_MS } from './session-storage';

/** The signed-in user with their type (SPEC.md section 4). */
export type TAuthUser = { id: string; email: string; userType: TUserType };

/** `loading` while a stored session is checked or refreshed before it can be trusted. */
export type TAuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: TAuthUser };

/** What login answers (SPEC.md section 7: success and message). */
export type TLoginResult =
  | { success: true; message: string; userType: TUserType }
  | { success: false; message: string; secondFactor?: TSecondFactorStep };

/** First wait between refresh attempts that failed for a passing reason; each next wait doubles (SPEC.md section 9). */
export const REFRESH_RETRY_BASE_MS = 200;
/** Attempts after the first before a refresh counts as failed for now. */
export const REFRESH_MAX_RETRIES = 5;
/** When every attempt failed but the access token still works, try again after this tick (SPEC.md section 9). */
export const REFRESH_RETRY_TICK_MS = 30_000;

const REFRESH_LOCK_NAME = `${AUTH_STORAGE_PREFIX}refresh`;

/** The identity calls the store makes; tests can pass their own. */
export type TIdentityCalls = Pick<typeof identity, 'logIn' | 'refreshSession' | 'logOut' | 'fetchCurrentUser'>;

/** The session's state machine, with no React in it: AuthProvider turns it into a context. */
export type TAuthStore = ReturnType<typeof createAuthStore>;

/**
 * Creates the session store. It restores the stored session synchronously when it can be trusted (so the
 * first render already knows who is signed in), refreshes the access token shortly before it expires and
 * after a 401, retries a refresh that failed for a passing reason with a doubling back-off, and removes a
 * session that cannot be refreshed. Several tabs share one stored session: a refresh runs under a
 * cross-tab lock where the browser has one, and each tab follows the others' changes to storage.
 */
export function createAuthStore(calls: TIdentityCalls = identity) {
  let state: TAuthState = initialState();
  const listeners = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshInFlight: Promise<string | null> | null = null;
  let isStarted = false;

  function setState(next: TAuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  /**
   * Keeps the session a sign-in answered: login's own, or its second step's (the code, an admin's enrolment). Only
   * admins and garages keep one: anyone else is told they are not registered as a garage and their new session is
   * revoked at once.
   */
  function completeSignIn(signedIn: TSignedIn, message: string): TLoginResult {
    const { session, userType } = signedIn;
    if (userType === 'none') {
      calls.logOut(session.refresh_token).catch(() => undefined);
      return { success: false, message: MESSAGES.login.notGarage };
    }
    signIn(storeSession(session, userType), userType);
    return { success: true, message, userType };
  }

  function signIn(stored: TStoredSession, userType: TUserType): void {
    setState({ status: 'signed-in', user: { ...stored.user, userType } });
    scheduleRefresh(stored);
  }

  /** Forgets the session everywhere: memory, timers, localStorage and sessionStorage. */
  function removeSession(): void {
    clearTimeout(refreshTimer);
    clearStoredAuthentication();
    setState({ status: 'signed-out' });
  }

  function scheduleRefresh(stored: TStoredSession, delayMs: number = refreshDelayFor(stored)): void {
    clearTimeout(refreshTimer);
    if (!isStarted) return;
    refreshTimer = setTimeout(() => {
      void refresh();
    }, delayMs);
  }

  /**
   * Refreshes the session now. Calls made while a refresh is running share it, so a rotated refresh token is
   * never sent twice. Resolves to the access token to use, or null once the session is gone.
   */
  function refresh(): Promise<string | null> {
    if (!refreshInFlight) {
      const tokenToReplace = readStoredSession()?.accessToken ?? null;
      refreshInFlight = withRefreshLock(() => runRefresh(tokenToReplace)).finally(() => {
        refreshInFlight = null;
      });
    }
    return refreshInFlight;
  }

  async function runRefresh(tokenToReplace: string | null): Promise<string | null> {
    const stored = readStoredSession();
    if (!stored) {
      removeSession();
      return null;
    }
    // Another tab refreshed while this one waited for the lock: use its session instead of refreshing again.
    if (tokenToReplace && stored.accessToken !== tokenToReplace && !isDue(stored)) {
      adoptStoredSession(stored);
      return stored.accessToken;
    }

    for (let retry = 0; ; retry += 1) {
      try {
        const { data } = await calls.refreshSession(stored.refreshToken);
        // A refresh clears the user-type cache (SPEC.md section 4); the answer brings the type afresh.
        clearUserTypeCache();
        const next = storeSession(data.session, data.userType);
        signIn(next, data.userType);
        return next.accessToken;
      } catch (error) {
        if (!isPassingFailure(error)) {
          removeSession();
          return null;
        }
        if (retry >= REFRESH_MAX_RETRIES) break;
        await wait(REFRESH_RETRY_BASE_MS * 2 ** retry);
        if (!readStoredSession()) return null;
      }
    }

    // Every attempt failed for a passing reason (network, 429, 5xx): keep the session while its token works.
    if (stored.expiresAt > Date.now()) {
      scheduleRefresh(stored, REFRESH_RETRY_TICK_MS);
      return stored.accessToken;
    }
    removeSession();
    return null;
  }

  function storeSession(session: TApiSession, userType: TUserType): TStoredSession {
    const stored = toStoredSession(session, Date.now());
    // The type first: another tab that sees the new session in storage then finds its type cached too.
    cacheUserType(stored.user.id, userType);
    writeStoredSession(stored);
    return stored;
  }

  /** Takes on a session found in storage (restored, or written by another tab). */
  function adoptStoredSession(stored: TStoredSession): void {
    const userType = readCachedUserType(stored.user.id);
    if (userType && !isDue(stored)) {
      signIn(stored, userType);
      return;
    }
    if (state.status !== 'signed-in') setState({ status: 'loading' });
    if (isDue(stored)) {
      void refresh();
      return;
    }
    void resolveUserType(stored);
  }

  /** Asks auth/me for the type of a stored user nobody cached; on an error the type is none (SPEC.md section 4). */
  async function resolveUserType(stored: TStoredSession): Promise<void> {
    let userType: TUserType = 'none';
    try {
      const me = await calls.fetchCurrentUser();
      userType = me.userType;
      cacheUserType(stored.user.id, userType);
    } catch (error) {
      // The API client has already tried a refresh after a 401; if that failed the session is gone. A 403 is a
      // suspended garage's token from before its suspension: its refresh is refused too, so the session ends now.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        if (readStoredSession()) removeSession();
        return;
      }
    }
    const latest = readStoredSession();
    if (latest) signIn(latest, userType);
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== null && !event.key.startsWith(AUTH_STORAGE_PREFIX)) return;
    const stored = readStoredSession();
    if (!stored) {
      if (state.status !== 'signed-out') removeSession();
      return;
    }
    adoptStoredSession(stored);
  }

  function onVisibilityChange(): void {
    if (document.visibilityState !== 'visible' || state.status !== 'signed-in') return;
    const stored = readStoredSession();
    // Timers sleep with the tab; on return, a token that is due is refreshed at once.
    if (stored && isDue(stored)) void refresh();
  }

  return {
    getState: (): TAuthState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts timers and listeners, and finishes restoring a stored session that needed the network. */
    start(): void {
      if (isStarted) return;
      isStarted = true;
      window.addEventListener('storage', onStorage);
      document.addEventListener('visibilitychange', onVisibilityChange);
      const stored = readStoredSession();
      if (!stored) {
        if (state.status !== 'signed-out') setState({ status: 'signed-out' });
        return;
      }
      adoptStoredSession(stored);
    },

    stop(): void {
      isStarted = false;
      clearTimeout(refreshTimer);
      window.removeEventListener('storage', onStorage);
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
      if (!('session' in answer.data)) return { success: false, message: answer.message ?? '', secondFactor: answer.data };
      return completeSignIn(answer.data, answer.message ?? '');
    },

    completeSignIn,

    /** Ends the session: forgets it in this browser at once, then revokes it on the server. */
    async logout(): Promise<void> {
      const refreshToken = readStoredSession()?.refreshToken;
      removeSession();
      if (!refreshToken) return;
      try {
        await calls.logOut(refreshToken);
      } catch {
        // The browser has forgotten the session either way; the server lets the refresh token expire.
      }
    },

    refresh,

    /** Takes a session the API answered elsewhere (a password change), keeping the user's type. */
    adoptSession(session: TApiSession): void {
      const userType = state.status === 'signed-in' ? state.user.userType : (readCachedUserType(session.user.id) ?? 'none');
      signIn(storeSession(session, userType), userType);
    },
  };
}

/** What the first render can already know from storage, without the network. */
function initialState(): TAuthState {
  const stored = readStoredSession();
  if (!stored) return { status: 'signed-out' };
  const userType = readCachedUserType(stored.user.id);
  if (!userType || isDue(stored)) return { status: 'loading' };
  return { status: 'signed-in', user: { ...stored.user, userType } };
}

function refreshDelayFor(stored: TStoredSession): number {
  return Math.max(0, stored.refreshAt - Date.now());
}

function isDue(stored: TStoredSession): boolean {
  return refreshDelayFor(stored) === 0;
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
