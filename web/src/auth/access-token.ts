type TRefresher = () => Promise<string | null>;

/** The session as the API client sees it: this tab's access token (memory only), and a refresh. */
type TAccessTokenSource = { getAccessToken: () => string | null; refresh: TRefresher };

let source: TAccessTokenSource | null = null;

/** The signed-in user's access token for API calls, or null when signed out. */
export function getAccessToken(): string | null {
  return source?.getAccessToken() ?? null;
}

/**
 * Asks the session to refresh after the API answered 401 to a request with a token; resolves to the new
 * access token, or null when there is no session or it could not be refreshed.
 */
export function refreshAccessTokenAfterUnauthorized(): Promise<string | null> {
  return source ? source.refresh() : Promise.resolve(null);
}

/** Lets the session (AuthProvider) give the API client its token and handle its 401s; returns the function that undoes it. */
export function registerAccessTokenSource(next: TAccessTokenSource): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}
