import express, { Router } from 'express';
import { handleStripeWebhook, type WebhookDeps } from '../domain/handle-stripe-webhook.js';

/**
 * POST /api/v1/stripe/webhook: Stripe's signed events. Registered before the JSON parser: the signature
 * covers the raw bytes.
 */
export function webhookRoutes(deps: Omit<WebhookDeps, 'logger'>): Router {
  const router = Router();
  router.post('/api/v1/stripe/webhook', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const result = await handleStripeWebhook({ ...deps, logger: req.log }, req.body, req.header('stripe-signature'));
    req.log.info(result, 'stripe webhook');
    res.json({ status: 200, data: { received: true, duplicate: result.duplicate } });
  });
  return router;
}
