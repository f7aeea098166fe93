import { USER_TYPES, type TSession as TApiSession, type TUserType } from '@sh/shared/contract';

function isUserType(value: unknown): value is TUserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Every key the session writes starts with this, so logout can remove them all and nothing else. */
export const AUTH_STORAGE_PREFIX = 'sh.auth.';

/**
 * The localStorage keys of the signed-in session. No token is kept in storage: the refresh token lives in an HttpOnly
 * cookie no script can read, and the access token in this tab's memory. What is stored is who signed in, which says
 * that this browser may hold a session cookie worth a refresh when a page loads (without it, no call is made).
 */
export const AUTH_STORAGE_KEYS = {
  /** The signed-in user as JSON: {"id":"…","email":"…"}. */
  user: `${AUTH_STORAGE_PREFIX}user`,
} as const;

/** Where earlier versions kept the tokens in localStorage; removed on load (removeLegacyTokens). */
export const LEGACY_TOKEN_KEYS = [
  `${AUTH_STORAGE_PREFIX}access_token`,
  `${AUTH_STORAGE_PREFIX}refresh_token`,
  `${AUTH_STORAGE_PREFIX}expires_at`,
] as const;

/** The per-user key of the user-type cache (docs/product.md#sessions): sh.auth.user_type.{user id}. */
export const USER_TYPE_KEY_PREFIX = `${AUTH_STORAGE_PREFIX}user_type.`;

/** The signed-in session as this tab holds it, in memory only. */
export type TMemorySession = {
  accessToken: string;
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: number;
  /** When to refresh it: a margin before expiry. */
  refreshAt: number;
  user: { id: string; email: string };
};

/** Refresh this long before the access token expires, or at half its life when it lives less than twice this. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * The session a login or refresh answered, its lifetime (expires_in) turned into an expiry time on this browser's
 * clock (the JWT's exp is on the server's clock, which a skewed client clock would misread).
 */
export function toMemorySession(session: TApiSession, now: number): TMemorySession {
  const lifetimeMs = session.expires_in * 1000;
  const expiresAt = now + lifetimeMs;
  return {
    accessToken: session.access_token,
    expiresAt,
    refreshAt: expiresAt - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2),
    user: { id: session.user.id, email: session.user.email },
  };
}

/** The user this browser last signed in as, or null: whether a page load should try the session cookie. */
export function readStoredUser(): TMemorySession['user'] | null {
  return parseUser(localStorageOrNull()?.getItem(AUTH_STORAGE_KEYS.user) ?? null);
}

export function writeStoredUser(user: TMemorySession['user']): void {
  localStorageOrNull()?.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify({ id: user.id, email: user.email }));
}

/**
 * Removes the tokens earlier versions kept in localStorage and sessionStorage, so that no refresh token stays
 * readable by a script. A browser that had one has no session cookie yet: its stored user goes too, and the user signs
 * in again once. Answers whether a token was found.
 */
export function removeLegacyTokens(): boolean {
  let found = false;
  for (const storage of [localStorageOrNull(), sessionStorageOrNull()]) {
    if (!storage) continue;
    for (const key of LEGACY_TOKEN_KEYS) {
      if (storage.getItem(key) === null) continue;
      found = true;
      storage.removeItem(key);
    }
  }
  if (found) localStorageOrNull()?.removeItem(AUTH_STORAGE_KEYS.user);
  return found;
}

/**
 * Removes every key of the session (tokens, user, cached user types) from localStorage and sessionStorage
 * (docs/product.md#shared-frame, Logout). Keys of other features are left alone.
 */
export function clearStoredAuthentication(): void {
  userTypeMemory.clear();
  for (const storage of [localStorageOrNull(), sessionStorageOrNull()]) {
    if (!storage) continue;
    for (const key of keysOf(storage)) {
      if (key.startsWith(AUTH_STORAGE_PREFIX)) storage.removeItem(key);
    }
  }
}

const userTypeMemory = new Map<string, TUserType>();

/** The cached user type of a user id: memory first, then localStorage (docs/product.md#sessions). */
export function readCachedUserType(userId: string): TUserType | null {
  const remembered = userTypeMemory.get(userId);
  if (remembered) return remembered;
  const stored = localStorageOrNull()?.getItem(USER_TYPE_KEY_PREFIX + userId);
  if (!isUserType(stored)) return null;
  userTypeMemory.set(userId, stored);
  return stored;
}

export function cacheUserType(userId: string, userType: TUserType): void {
  userTypeMemory.set(userId, userType);
  localStorageOrNull()?.setItem(USER_TYPE_KEY_PREFIX + userId, userType);
}

/** Forgets every cached user type; a token refresh does this before caching the answer's type. */
export function clearUserTypeCache(): void {
  userTypeMemory.clear();
  const storage = localStorageOrNull();
  if (!storage) return;
  for (const key of keysOf(storage)) {
    if (key.startsWith(USER_TYPE_KEY_PREFIX)) storage.removeItem(key);
  }
}

function parseUser(raw: string | null): TMemorySession['user'] | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { id?: unknown; email?: unknown };
    return typeof value.id === 'string' && typeof value.email === 'string'
      ? { id: value.id, email: value.email }
      : null;
  } catch {
    return null;
  }
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

// Storage can be missing or throw (private modes, blocked cookies); the app then simply forgets the session.
function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
