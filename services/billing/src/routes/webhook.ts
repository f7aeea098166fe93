import express, { Router } from 'express';
import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import { handleStripeWebhook, type WebhookDeps } from '../domain/handle-stripe-webhook.js';
import type { Stripe } from '../stripe/create-stripe-client.js';

/** The webhook's input, parsed: the event, once its signature over the raw bytes checks out (SDK tolerance). */
function verifyStripeEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: unknown,
  signature: string | undefined,
): Stripe.Event {
  try {
    if (!Buffer.isBuffer(rawBody) || !signature) throw new Error('missing body or signature');
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    throw new AppError('validation_failed', MESSAGES.billing.invalidSignature, { cause: error });
  }
}

/**
 * POST /api/v1/stripe/webhook: Stripe's signed events. Registered before the JSON parser: the signature
 * covers the raw bytes.
 */
export function webhookRoutes(deps: Omit<WebhookDeps, 'logger'> & { webhookSecret: string }): Router {
  const { webhookSecret, ...domainDeps } = deps;
  const router = Router();
  router.post('/api/v1/stripe/webhook', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const event = verifyStripeEvent(deps.stripe, webhookSecret, req.body, req.header('stripe-signature'));
    const result = await handleStripeWebhook({ ...domainDeps, logger: req.log }, event);
    req.log.info(result, 'stripe webhook');
    res.json({ status: 200, data: { received: true, duplicate: result.duplicate } });
  });
  return router;
}
