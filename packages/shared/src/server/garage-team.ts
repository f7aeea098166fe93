import type { RequestHandler } from 'express';
import { MESSAGES } from '../contract/messages.js';
import { mayGarage, type TGarageCapability } from '../contract/team.js';
import { AppError } from './errors.js';
import type { TAuthClaims } from './types.js';

/**
 * The garage a signed-in member of a garage's team acts for (docs/product.md#the-garages-team): a garage's own account
 * is its garage; a technician's token names theirs. Anyone else gets 403.
 */
export function garageIdOf(claims: TAuthClaims): string {
  if (claims.role === 'garage') return claims.sub;
  if (claims.role === 'technician' && claims.garageId) return claims.garageId;
  throw new AppError('forbidden', MESSAGES.platform.forbidden);
}

/**
 * Lets through only a member of a garage's team who may do this (GARAGE_CAPABILITIES in the contract): 401 without a
 * verified token, 403 for anyone else. authenticate must run first.
 */
export function requireCapability(capability: TGarageCapability): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(new AppError('unauthorized', MESSAGES.platform.unauthorized));
    if (!mayGarage(req.auth.role, capability)) return next(new AppError('forbidden', MESSAGES.platform.forbidden));
    next();
  };
}
