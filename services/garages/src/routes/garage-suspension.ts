import { Router, type Request } from 'express';
import {
  ZGarageSuspensionRequestSchema,
  ZUserIdParamSchema,
  type TAdminActor,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, requireRole, type Pool, type TokenVerifier } from '@sh/shared/server';
import { decideGarageSuspension } from '../domain/decide-garage-suspension.js';

/** The signed-in admin, as the audit of admin actions names them. */
const actorOf = (req: Request): TAdminActor => ({ id: req.auth!.sub, email: req.auth!.email });

/**
 * POST and DELETE /api/v1/garages/{id}/suspension: an admin suspends or reinstates a garage, with a reason. Order of
 * checks: token (401), admin (403), id shape (400), body (400), garage exists (404), already suspended / not
 * suspended (409).
 */
export function garageSuspensionRoutes(deps: { pool: Pool; verifier: TokenVerifier }): Router {
  const router = Router();
  const adminOnly = [authenticate(deps.verifier), requireRole('admin')];

  router.post('/api/v1/garages/:id/suspension', ...adminOnly, async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    const { reason } = parseOrThrow(ZGarageSuspensionRequestSchema, req.body ?? {});
    const garage = await decideGarageSuspension(deps.pool, 'suspend', actorOf(req), id, reason);
    req.log?.info({ garageId: id, suspendedBy: req.auth!.sub }, 'garage suspended');
    res.json({ status: 200, message: ADMIN_ACTION_MESSAGES.garageSuspended, data: { garage } });
  });

  router.delete('/api/v1/garages/:id/suspension', ...adminOnly, async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    const { reason } = parseOrThrow(ZGarageSuspensionRequestSchema, req.body ?? {});
    const garage = await decideGarageSuspension(deps.pool, 'reinstate', actorOf(req), id, reason);
    req.log?.info({ garageId: id, reinstatedBy: req.auth!.sub }, 'garage reinstated');
    res.json({ status: 200, message: ADMIN_ACTION_MESSAGES.garageReinstated, data: { garage } });
  });

  return router;
}
