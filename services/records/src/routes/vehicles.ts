import { Router } from 'express';
import { ZVehicleReportRequestSchema } from '@sh/shared/contract';
import { parseOrThrow } from '@sh/shared/server';
import { buildVehicleReport, type VehicleReportDeps } from '../domain/build-vehicle-report.js';

/**
 * GET /api/v1/vehicles/{registration}: the buyer's report beside our records, public. DVLA's details and DVSA's MOT
 * history, each waited on for at most 2 s; what could not be had is listed in `missing`. What is no UK registration
 * format is a 400 before anything is asked. A complete answer may be
 * kept a minute; one that lacks a source for the moment (slow or unavailable) is not kept, so a reload asks again.
 */
export function vehicleRoutes(deps: VehicleReportDeps): Router {
  const router = Router();
  router.get('/api/v1/vehicles{/:registration}', async (req, res) => {
    const { registration } = parseOrThrow(ZVehicleReportRequestSchema, { registration: req.params.registration ?? '' });
    const data = await buildVehicleReport(deps, registration);
    const isPassing = data.missing.some((m) => m.reason !== 'not_found');
    res.setHeader('cache-control', isPassing ? 'no-store' : 'public, max-age=60');
    res.json({ status: 200, data });
  });
  return router;
}
