import { USER_TYPES, type TSession as TApiSession, type TUserType } from '@sh/shared/contract';

function isUserType(value: unknown): value is TUserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Every key the session writes starts with this, so logout can remove them all and nothing else. */
export const AUTH_STORAGE_PREFIX = 'sh.auth.';

/** The localStorage keys of the signed-in session. */
export const AUTH_STORAGE_KEYS = {
  accessToken: `${AUTH_STORAGE_PREFIX}access_token`,
  refreshToken: `${AUTH_STORAGE_PREFIX}refresh_token`,
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: `${AUTH_STORAGE_PREFIX}expires_at`,
  /** The signed-in user as JSON: {"id":"…","email":"…"}. */
  user: `${AUTH_STORAGE_PREFIX}user`,
} as const;

/** The per-user key of the user-type cache (SPEC.md section 4): sh.auth.user_type.{user id}. */
export const USER_TYPE_KEY_PREFIX = `${AUTH_STORAGE_PREFIX}user_type.`;

/** The session as the browser keeps it between visits. */
export type TStoredSession = {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: number;
  /** When to refresh it: a margin before expiry (derived, not stored). */
  refreshAt: number;
  user: { id: string; email: string };
};

/** Refresh this long before the access token expires, or at half its life when it lives less than twice this. */
export const REFRESH_MARGIN_MS = 60_000;

function refreshAtFor(expiresAt: number, lifetimeMs: number): number {
  return expiresAt - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
}

/**
 * The session a login or refresh answered, its lifetime (expires_in) turned into an expiry time on this
 * browser's clock. The JWT's own exp is only the fallback (for a stored session without an expiry), because
 * it is on the server's clock and a skewed client clock would misread it.
 */
export function toStoredSession(session: TApiSession, now: number): TStoredSession {
  const lifetimeMs = session.expires_in * 1000;
  const expiresAt = now + lifetimeMs;
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt,
    refreshAt: refreshAtFor(expiresAt, lifetimeMs),
    user: { id: session.user.id, email: session.user.email },
  };
}

/** The stored session, or null when there is none or it is incomplete. */
export function readStoredSession(): TStoredSession | null {
  const storage = localStorageOrNull();
  if (!storage) return null;
  const accessToken = storage.getItem(AUTH_STORAGE_KEYS.accessToken);
  const refreshToken = storage.getItem(AUTH_STORAGE_KEYS.refreshToken);
  const user = parseUser(storage.getItem(AUTH_STORAGE_KEYS.user));
  if (!accessToken || !refreshToken || !user) return null;
  const storedExpiry = Number(storage.getItem(AUTH_STORAGE_KEYS.expiresAt));
  const expiresAt = Number.isFinite(storedExpiry) && storedExpiry > 0 ? storedExpiry : (readJwtExpiry(accessToken) ?? 0);
  // The lifetime of a stored token is unknown here; a full margin is right for any token living over two minutes.
  return { accessToken, refreshToken, expiresAt, refreshAt: expiresAt - REFRESH_MARGIN_MS, user };
}

export function writeStoredSession(session: TStoredSession): void {
  const storage = localStorageOrNull();
  if (!storage) return;
  storage.setItem(AUTH_STORAGE_KEYS.accessToken, session.accessToken);
  storage.setItem(AUTH_STORAGE_KEYS.refreshToken, session.refreshToken);
  storage.setItem(AUTH_STORAGE_KEYS.expiresAt, String(session.expiresAt));
  storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(session.user));
}

/**
 * Removes every key of the session (tokens, user, cached user types) from localStorage and sessionStorage
 * (SPEC.md section 2, Logout). Keys of other features are left alone.
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

/** The cached user type of a user id: memory first, then localStorage (SPEC.md section 4). */
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

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token is not a readable JWT. */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): TStoredSession['user'] | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { id?: unknown; email?: unknown };
    return typeof value.id === 'string' && typeof value.email === 'string' ? { id: value.id, email: value.email } : null;
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
