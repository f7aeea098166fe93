import type { TUserType } from '@sh/shared/contract';
import { AppError, type TAuthClaims } from '@sh/shared/server';
import { MESSAGES } from '@sh/shared/contract';

/** docs/product.md#what-it-is-for: admin when listed in the admin table, else the role the user was created with. */
export function userTypeOf(user: { is_admin: boolean; role: 'garage' | 'none' }): TUserType {
  return user.is_admin ? 'admin' : user.role;
}

/** Lets a user change their own account, and an admin any account; anyone else gets 403. */
export function assertSelfOrAdmin(actor: TAuthClaims, userId: string): void {
  if (actor.role !== 'admin' && actor.sub !== userId) throw new AppError('forbidden', MESSAGES.platform.forbidden);
}
