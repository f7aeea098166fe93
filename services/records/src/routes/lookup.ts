import { Router } from 'express';
import { ZLookupRequestSchema } from '@sh/shared/contract';
import { parseOrThrow, type Pool } from '@sh/shared/server';
import { lookupVehicleHistory } from '../domain/lookup-vehicle-history.js';

/**
 * GET /api/v1/service-records/lookup/{registration}: the free public history of a vehicle. Without a
 * registration it answers 400 'No registration number provided'.
 */
export function lookupRoutes(pool: Pool): Router {
  const router = Router();
  router.get('/api/v1/service-records/lookup{/:registration}', async (req, res) => {
    const { registration } = parseOrThrow(ZLookupRequestSchema, { registration: req.params.registration ?? '' });
    const serviceRecords = await lookupVehicleHistory(pool, registration);
    res.setHeader('cache-control', 'public, max-age=30');
    res.json({ status: 200, data: { serviceRecords } });
  });
  return router;
}
