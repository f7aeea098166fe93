import { readStoredSession } from './session-storage';

type TRefresher = () => Promise<string | null>;

let refresher: TRefresher | null = null;

/** The signed-in user's access token for API calls, or null when signed out. */
export function getAccessToken(): string | null {
  return readStoredSession()?.accessToken ?? null;
}

/**
 * Asks the session to refresh after the API answered 401 to a request with a token; resolves to the new
 * access token, or null when there is no session or it could not be refreshed.
 */
export function refreshAccessTokenAfterUnauthorized(): Promise<string | null> {
  return refresher ? refresher() : Promise.resolve(null);
}

/** Lets the session (AuthProvider) handle the API client's 401s; returns the function that undoes it. */
export function registerAccessTokenRefresher(next: TRefresher): () => void {
  refresher = next;
  return () => {
    if (refresher === next) refresher = null;
  };
}
