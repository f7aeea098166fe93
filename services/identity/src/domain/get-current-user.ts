import { MESSAGES, type TUserType } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { refuseIfSuspended } from './refuse-suspended.js';
import { userTypeOf } from './user-type.js';

/**
 * Who the signed-in user is, from identity's own data: a deleted user's token no longer counts (401), and a suspended
 * garage's token, issued before the suspension, gets the suspension's 403 as sign-in and refresh do. Reads only.
 */
export async function getCurrentUser(
  db: Queryable,
  userId: string,
): Promise<{ id: string; email: string; userType: TUserType; emailConfirmed: boolean }> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  refuseIfSuspended(user);
  return {
    id: user.id,
    email: user.email,
    userType: userTypeOf(user),
    emailConfirmed: user.email_confirmed_at !== null,
  };
}
