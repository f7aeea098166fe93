import type { TUserType } from '@sh/shared/contract';
import { AppError, type TAuthClaims } from '@sh/shared/server';
import { MESSAGES } from '@sh/shared/contract';
import type { UserRow } from '../store/user-row.js';

/** docs/product.md#what-it-is-for: admin when listed in the admin table, else the role the user was created with. */
export function userTypeOf(user: { is_admin: boolean; role: 'garage' | 'technician' | 'none' }): TUserType {
  return user.is_admin ? 'admin' : user.role;
}

/**
 * What an access token says of a user: who, what type, and for a garage's owner or technician the garage it acts for
 * and (a technician) the name their records carry (docs/product.md#the-garages-team).
 */
export function claimsOfUser(user: UserRow): TAuthClaims {
  const role = userTypeOf(user);
  if (role === 'garage') return { sub: user.id, role, email: user.email, garageId: user.id };
  if (role === 'technician' && user.garage_id && user.full_name)
    return { sub: user.id, role, email: user.email, garageId: user.garage_id, name: user.full_name };
  return { sub: user.id, role: role === 'technician' ? 'none' : role, email: user.email };
}

/** Lets a user change their own account, and an admin any account; anyone else gets 403. */
export function assertSelfOrAdmin(actor: TAuthClaims, userId: string): void {
  if (actor.role !== 'admin' && actor.sub !== userId) throw new AppError('forbidden', MESSAGES.platform.forbidden);
}
