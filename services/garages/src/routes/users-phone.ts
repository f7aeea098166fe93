import { Router } from 'express';
import { MESSAGES, ZUpdatePhoneRequestSchema, ZUserIdParamSchema } from '@sh/shared/contract';
import { authenticate, parseOrThrow, type Pool, type TokenVerifier } from '@sh/shared/server';
import { assertCanChangeGarage, updateGaragePhone } from '../domain/update-garage-phone.js';

/** PATCH /api/v1/users/phone/{id}: a garage's phone (docs/architecture.md#the-gateway routes users/phone/ here). */
export function usersPhoneRoutes(deps: { pool: Pool; verifier: TokenVerifier }): Router {
  const router = Router();
  // Order of checks: token (401), id shape (400), the garage itself or an admin (403), body (400; an admin's reason
  // for another garage's phone), garage exists (404).
  router.patch('/api/v1/users/phone/:id', authenticate(deps.verifier), async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    assertCanChangeGarage(req.auth!, id);
    const input = parseOrThrow(ZUpdatePhoneRequestSchema, req.body ?? {});
    const data = await updateGaragePhone(deps.pool, req.auth!, id, input);
    res.json({ status: 200, message: MESSAGES.garages.phoneUpdated, data });
  });
  return router;
}
