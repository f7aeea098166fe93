import type { CookieOptions, Request, Response } from 'express';
import { MESSAGES, SESSION_COOKIE } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import { REFRESH_TOKEN_TTL_MS } from '../domain/tokens.js';

/**
 * The session cookie: the one home of how a refresh token reaches the browser and comes back. Every route that
 * starts or renews a session (login, refresh, a user's own password or e-mail change, and any later one such as a
 * second sign-in step) answers through answerWithSession, so the refresh token is only ever in this cookie:
 * HttpOnly (no script reads it), Secure (https, or http://localhost, which browsers count as secure), SameSite=Strict,
 * and sent only to auth/refresh and auth/logout (SESSION_COOKIE.paths; the gateway forwards paths unchanged, so
 * the service's paths are the public ones). It lives as long as the refresh token it holds.
 */
const COOKIE_OPTIONS: CookieOptions = { httpOnly: true, secure: true, sameSite: 'strict' };

/** A refresh token is 43 characters; anything much longer is not one of ours and is not looked up. */
const MAX_COOKIE_VALUE_LENGTH = 200;

/**
 * Answers a call that issued a session: `data.refreshToken`, when there is one, becomes the session cookie (one per
 * path of SESSION_COOKIE.paths) and is left out of the body; the rest is the success envelope, never cached.
 */
export function answerWithSession<T extends object>(
  res: Response,
  message: string,
  data: T & { refreshToken?: string },
): void {
  const { refreshToken, ...body } = data;
  if (refreshToken !== undefined) {
    for (const path of SESSION_COOKIE.paths) {
      res.cookie(SESSION_COOKIE.name, refreshToken, { ...COOKIE_OPTIONS, path, maxAge: REFRESH_TOKEN_TTL_MS });
    }
  }
  res.setHeader('cache-control', 'no-store');
  res.json({ status: 200, message, data: body });
}

/** Tells the browser to forget the session cookie on every path it was set for (logout, a refused refresh). */
export function clearSessionCookie(res: Response): void {
  for (const path of SESSION_COOKIE.paths) res.clearCookie(SESSION_COOKIE.name, { ...COOKIE_OPTIONS, path });
}

/**
 * The refresh token of the request's session cookie, or null when there is none. A call that spends the cookie must
 * carry the SPA's header (SESSION_COOKIE.csrfHeader) besides SameSite=Strict: without it the call is refused (403)
 * before the cookie is read, so no other site's form or script can use or end the session.
 */
export function readSessionCookie(req: Request): string | null {
  if (req.get(SESSION_COOKIE.csrfHeader) !== SESSION_COOKIE.csrfHeaderValue) {
    throw new AppError('session_header_missing', MESSAGES.identity.sessionHeaderMissing);
  }
  const header = req.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== SESSION_COOKIE.name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.length > 0 && value.length <= MAX_COOKIE_VALUE_LENGTH ? value : null;
  }
  return null;
}
