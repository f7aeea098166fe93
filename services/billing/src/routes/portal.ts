import { Router, type RequestHandler } from 'express';
import { createPortalSession, type PortalDeps } from '../domain/create-portal-session.js';

/** POST /api/v1/billing/portal: a Stripe customer-portal URL for the signed-in garage. */
export function portalRoutes(deps: Omit<PortalDeps, 'logger'>, signedInGarage: readonly RequestHandler[]): Router {
  const router = Router();
  router.post('/api/v1/billing/portal', ...signedInGarage, async (req, res) => {
    const data = await createPortalSession({ ...deps, logger: req.log }, req.auth!);
    res.json({ status: 200, data });
  });
  return router;
}
