import { Router } from 'express';
import type { Pool } from '@sh/shared/server';
import { lookupVehicleHistory } from '../domain/lookup-vehicle-history.js';

/** GET /api/v1/service-records/lookup/{registration}: the free public history of a vehicle. */
export function lookupRoutes(pool: Pool): Router {
  const router = Router();
  const handle = (registration: string) => lookupVehicleHistory(pool, registration);
  router.get(['/api/v1/service-records/lookup', '/api/v1/service-records/lookup/'], async (_req, _res) => {
    await handle('');
  });
  router.get('/api/v1/service-records/lookup/:registration', async (req, res) => {
    const serviceRecords = await handle(req.params.registration);
    res.setHeader('cache-control', 'public, max-age=30');
    res.json({ status: 200, data: { serviceRecords } });
  });
  return router;
}
