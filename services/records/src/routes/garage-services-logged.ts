import { Router } from 'express';
import { ZGarageIdParamSchema } from '@sh/shared/contract';
import { parseOrThrow, type Pool } from '@sh/shared/server';
import { countServicesLogged } from '../domain/count-services-logged.js';

/**
 * GET /garage-profiles/{id}/services-logged: the figure on a garage's public page (docs/product.md#garage-profiles).
 * Records answers it because it owns the records; garages never asks for it (docs/architecture.md#databases).
 */
export function garageServicesLoggedRoutes(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/api/v1/garage-profiles/:id/services-logged', async (req, res) => {
    const { id } = parseOrThrow(ZGarageIdParamSchema, req.params);
    const data = await countServicesLogged(deps.pool, id);
    res.setHeader('cache-control', 'public, max-age=60');
    res.json({ status: 200, data });
  });
  return router;
}
