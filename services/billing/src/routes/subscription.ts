import { Router, type RequestHandler } from 'express';
import { ZSubscriptionQuerySchema, ZSyncSubscriptionRequestSchema } from '@sh/shared/contract';
import { parseOrThrow } from '@sh/shared/server';
import { readGarageSubscription, type ReadSubscriptionDeps } from '../domain/read-garage-subscription.js';
import { syncCheckoutSubscription } from '../domain/sync-checkout-subscription.js';

/**
 * GET /api/v1/billing/subscription[?session_id=cs_...]: the signed-in garage's own subscription (a read: it
 * stores nothing).
 * POST /api/v1/billing/subscription/sync: stores what the garage's own checkout session made, straight from
 * Stripe, and answers the same as the GET.
 */
export function subscriptionRoutes(
  deps: Omit<ReadSubscriptionDeps, 'logger'>,
  signedInGarage: readonly RequestHandler[],
): Router {
  const router = Router();
  router.get('/api/v1/billing/subscription', ...signedInGarage, async (req, res) => {
    const { session_id: sessionId } = parseOrThrow(ZSubscriptionQuerySchema, req.query);
    const data = await readGarageSubscription({ ...deps, logger: req.log }, req.auth!.sub, {
      sessionId: sessionId ?? null,
    });
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });
  router.post('/api/v1/billing/subscription/sync', ...signedInGarage, async (req, res) => {
    const { session_id: sessionId } = parseOrThrow(ZSyncSubscriptionRequestSchema, req.body ?? {});
    const data = await syncCheckoutSubscription({ ...deps, logger: req.log }, req.auth!.sub, sessionId);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });
  return router;
}
