import { Router } from 'express';
import { ZInternalGaragesQuerySchema } from '@sh/shared/contract';
import { parseOrThrow, requireInternalToken, type Pool } from '@sh/shared/server';
import { listAdminGarages } from '../domain/list-admin-garages.js';

/**
 * /internal/admin/garages: a page of garages and the garages' totals for the gateway's admin/data (each service
 * answers for its own data). Only callers holding the internal token get through; the gateway never forwards /internal/.
 */
export function internalAdminRoutes(deps: { pool: Pool; internalToken: string }): Router {
  const router = Router();

  router.get('/internal/admin/garages', requireInternalToken(deps.internalToken), async (req, res) => {
    const query = parseOrThrow(ZInternalGaragesQuerySchema, req.query);
    const data = await listAdminGarages(deps.pool, query);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });

  return router;
}
