import { Router } from 'express';
import type { Pool } from '@sh/shared/server';
import { lookupVehicleHistory } from '../domain/lookup-vehicle-history.js';

/**
 * GET /api/v1/service-records/lookup/{registration}: the free public history of a vehicle. Without a
 * registration the domain answers 400 'No registration number provided'.
 */
export function lookupRoutes(pool: Pool): Router {
  const router = Router();
  router.get('/api/v1/service-records/lookup{/:registration}', async (req, res) => {
    const serviceRecords = await lookupVehicleHistory(pool, req.params.registration ?? '');
    res.setHeader('cache-control', 'public, max-age=30');
    res.json({ status: 200, data: { serviceRecords } });
  });
  return router;
}
