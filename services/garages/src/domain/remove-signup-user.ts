import type { Logger } from '@sh/shared/server';
import type { IdentityClient } from '../clients/identity.js';

/** How often the compensation asks identity before giving up. */
const REMOVE_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Signup compensation: removes the identity user whose garage could not be stored, retrying briefly (200 ms,
 * then 400 ms). A user that still cannot be removed is logged and left behind; the signup's answer stays the same.
 */
export async function removeSignupUser(
  identity: Pick<IdentityClient, 'deleteUser'>,
  userId: string,
  logger: Pick<Logger, 'error'>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<'removed' | 'left_behind'> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await identity.deleteUser(userId);
      return 'removed';
    } catch (error) {
      if (attempt === REMOVE_ATTEMPTS) {
        logger.error({ err: error, userId }, 'signup compensation failed: identity user left behind');
        return 'left_behind';
      }
      await wait(200 * attempt);
    }
  }
}
