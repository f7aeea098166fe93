import { Router, type RequestHandler } from 'express';
import { requireRole } from '@sh/shared/server';
import { readGarageSubscription, type ReadSubscriptionDeps } from '../domain/read-garage-subscription.js';

/** GET /api/v1/billing/subscription[?session_id=cs_...]: the signed-in garage's own subscription. */
export function subscriptionRoutes(deps: Omit<ReadSubscriptionDeps, 'logger'>, authenticate: RequestHandler): Router {
  const router = Router();
  router.get('/api/v1/billing/subscription', authenticate, requireRole('garage'), async (req, res) => {
    const data = await readGarageSubscription({ ...deps, logger: req.log }, req.auth!, req.query);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });
  return router;
}
