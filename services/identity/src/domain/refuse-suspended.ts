import { ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { UserRow } from '../store/user-row.js';

/** A garage suspended by an admin gets the suspension's 403, whatever it asks of identity with a token or a password. */
export function refuseIfSuspended(user: Pick<UserRow, 'suspended_at'>): void {
  if (user.suspended_at) throw new AppError('forbidden', ADMIN_ACTION_MESSAGES.accountSuspended);
}
