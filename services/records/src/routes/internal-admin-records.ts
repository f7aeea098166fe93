import { Router } from 'express';
import { ZInternalRecordsQuerySchema } from '@sh/shared/contract';
import { parseOrThrow, requireInternalToken, type Pool } from '@sh/shared/server';
import { listAdminRecords } from '../domain/list-admin-records.js';

/**
 * What records answers the gateway for GET admin/data (docs/architecture.md#admin-data: each service answers for its own data): a page of
 * every record, searchable by registration, and the overview's totals. Internal token only; the gateway never
 * forwards /internal/.
 */
export function internalAdminRecordRoutes(deps: { pool: Pool; internalToken: string }): Router {
  const router = Router();
  router.get('/internal/admin/service-records', requireInternalToken(deps.internalToken), async (req, res) => {
    const query = parseOrThrow(ZInternalRecordsQuerySchema, req.query);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data: await listAdminRecords(deps.pool, query) });
  });
  return router;
}
