type TAccessTokenReader = () => string | null;

let readAccessToken: TAccessTokenReader = () => null;

/** The signed-in user's access token for API calls, or null when signed out. */
export function getAccessToken(): string | null {
  return readAccessToken();
}

/** Lets the sign-in flow tell the API client where the current access token lives. */
export function registerAccessTokenReader(reader: TAccessTokenReader): void {
  readAccessToken = reader;
}
