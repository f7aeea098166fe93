import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { refuseIfSuspended } from './refuse-suspended.js';

/**
 * The garage's owner, before any call on its API keys (docs/product.md#api-keys): a deleted user's token no longer
 * counts (401), and a suspended garage gets the suspension's 403, as for its other calls to identity.
 */
export async function assertKeyOwner(db: Queryable, garageId: string): Promise<void> {
  const user = await findUserById(db, garageId);
  if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  refuseIfSuspended(user);
}
