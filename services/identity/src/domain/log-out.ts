import type { Pool } from '@sh/shared/server';
import { findRefreshTokenFamily } from '../store/find-refresh-token-family.js';
import { revokeRefreshTokenFamily } from '../store/revoke-refresh-token-family.js';
import { hashToken } from '@sh/shared/server';

/** Ends a session: revokes the refresh token's whole family. An unknown token changes nothing. */
export async function logOut(pool: Pool, refreshToken: string): Promise<void> {
  const familyId = await findRefreshTokenFamily(pool, hashToken(refreshToken));
  if (familyId) await revokeRefreshTokenFamily(pool, familyId);
}
