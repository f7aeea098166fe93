import { SESSION_COOKIE } from '../contract/constants.js';

/** One Set-Cookie of the session cookie, its attributes by lower-cased name (flags have the value true). */
export interface SetSessionCookie {
  value: string;
  attributes: Record<string, string | true>;
}

/** The session cookies an answer sets (one per path of SESSION_COOKIE.paths, or none), as the browser would read them. */
export function sessionCookiesOf(headers: Headers): SetSessionCookie[] {
  const cookies: SetSessionCookie[] = [];
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const equals = pair.indexOf('=');
    if (pair.slice(0, equals).trim() !== SESSION_COOKIE.name) continue;
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const [name = '', ...value] = attribute.split('=');
      attributes[name.trim().toLowerCase()] = value.length > 0 ? value.join('=').trim() : true;
    }
    cookies.push({ value: pair.slice(equals + 1).trim(), attributes });
  }
  return cookies;
}

/** The refresh token an answer set as the session cookie; throws unless every path got the same one. */
export function refreshTokenOf(headers: Headers): string {
  const values = new Set(sessionCookiesOf(headers).map((cookie) => cookie.value));
  const [value] = values;
  if (values.size !== 1 || !value) throw new Error(`expected one session cookie value, got ${values.size}`);
  return value;
}

/**
 * Calls auth/refresh or auth/logout as the SPA does: the session cookie (when given) and the SPA's header (unless
 * `withHeader` is false), no body.
 */
export async function callWithSessionCookie(
  baseUrl: string,
  path: '/api/v1/auth/refresh' | '/api/v1/auth/logout',
  refreshToken: string | null,
  options: { withHeader?: boolean } = {},
): Promise<{
  status: number;
  headers: Headers;
  body: { status: number; code?: string; message?: string; data?: unknown };
}> {
  const headers: Record<string, string> = {};
  if (refreshToken !== null) headers.cookie = `${SESSION_COOKIE.name}=${refreshToken}`;
  if (options.withHeader !== false) headers[SESSION_COOKIE.csrfHeader] = SESSION_COOKIE.csrfHeaderValue;
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { status: number } };
}
