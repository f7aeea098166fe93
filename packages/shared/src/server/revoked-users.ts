import type { Redis } from './events/redis-connections.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './auth.js';

/**
 * Users whose access tokens no longer count though unexpired: a removed technician (docs/product.md#the-garages-team).
 * Identity marks them in Redis; every verifier of tokens (the gateway, the services) reads the mark. A mark outlives
 * any access token issued before it, and the user's refresh tokens are gone with the user, so no session survives.
 */
export interface RevokedUsers {
  isRevoked(userId: string): Promise<boolean>;
  /** Marks a user; throws when Redis does not answer (the caller changes nothing then). */
  revoke(userId: string): Promise<void>;
}

/** The mark's key: `{prefix}:revoked-user:{userId}`. */
export function revokedUserKey(prefix: string, userId: string): string {
  return `${prefix}:revoked-user:${userId}`;
}

export function createRevokedUsers(redis: Redis, prefix: string): RevokedUsers {
  return {
    async isRevoked(userId) {
      return (await redis.exists(revokedUserKey(prefix, userId))) === 1;
    },
    async revoke(userId) {
      await redis.set(revokedUserKey(prefix, userId), '1', 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
    },
  };
}
