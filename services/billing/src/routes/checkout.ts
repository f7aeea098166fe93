import { Router, type RequestHandler } from 'express';
import { ZCreateCheckoutSessionRequestSchema } from '@sh/shared/contract';
import { parseOrThrow } from '@sh/shared/server';
import { createCheckoutSession, type CheckoutDeps } from '../domain/create-checkout-session.js';

/** POST /api/v1/stripe/create-checkout-session: a signed-in garage starts paying for the plan. */
export function checkoutRoutes(deps: Omit<CheckoutDeps, 'logger'>, signedInGarage: readonly RequestHandler[]): Router {
  const router = Router();
  router.post('/api/v1/stripe/create-checkout-session', ...signedInGarage, async (req, res) => {
    const request = parseOrThrow(ZCreateCheckoutSessionRequestSchema, req.body);
    const data = await createCheckoutSession({ ...deps, logger: req.log }, req.auth!, request);
    res.json({ status: 200, data });
  });
  return router;
}
