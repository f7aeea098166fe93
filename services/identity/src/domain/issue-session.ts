import type { TSession, TUserType } from '@sh/shared/contract';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type Queryable } from '@sh/shared/server';
import { insertRefreshToken } from '../store/insert-refresh-token.js';
import type { UserRow } from '../store/user-row.js';
import { refuseIfSuspended } from './refuse-suspended.js';
import type { SigningKeys } from './signing-keys.js';
import { generateOpaqueToken, hashToken } from '@sh/shared/server';
import { REFRESH_TOKEN_TTL_MS } from './tokens.js';
import { claimsOfUser, userTypeOf } from './user-type.js';

/** A started session with what the SPA needs to know about its user. */
export interface SignedInUser {
  session: TSession;
  /**
   * The session's refresh token, for the session cookie only: a route answers a session through answerWithSession
   * (routes/session-cookie.ts), which sets it as the cookie and leaves it out of the body.
   */
  refreshToken: string;
  userType: TUserType;
  emailConfirmed: boolean;
}

/**
 * Signs an access token and stores a new refresh token in the given family; answers the session. A suspended garage
 * gets none, whichever way it asks (sign-in, refresh, or the fresh session of a password or e-mail change made with an
 * access token from before the suspension): 403, and the caller's transaction rolls back.
 */
export async function issueSession(
  db: Queryable,
  keys: SigningKeys,
  user: UserRow,
  familyId: string,
): Promise<SignedInUser> {
  refuseIfSuspended(user);
  const userType = userTypeOf(user);
  const refreshToken = generateOpaqueToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const accessToken = signAccessToken(keys.privateKey, claimsOfUser(user));
  const session = {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user: { id: user.id, email: user.email },
  };
  return { session, refreshToken, userType, emailConfirmed: user.email_confirmed_at !== null };
}
