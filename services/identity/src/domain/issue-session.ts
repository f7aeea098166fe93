import type { TSession, TUserType } from '@sh/shared/contract';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type Queryable } from '@sh/shared/server';
import { insertRefreshToken } from '../store/refresh-tokens.js';
import type { SigningKeys } from './signing-keys.js';
import { generateOpaqueToken, hashToken, REFRESH_TOKEN_TTL_MS } from './tokens.js';

/** Signs an access token and stores a new refresh token in the given family; answers the session. */
export async function issueSession(
  db: Queryable,
  keys: SigningKeys,
  user: { id: string; email: string; userType: TUserType },
  familyId: string,
): Promise<TSession> {
  const refreshToken = generateOpaqueToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const accessToken = signAccessToken(keys.privateKey, { sub: user.id, role: user.userType, email: user.email });
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user: { id: user.id, email: user.email },
  };
}
